import { storeErr, type StoreError, type StoreResult } from './types.js';

/** Node socket errors and PostgreSQL SQLSTATEs meaning "the database cannot be reached / is going away". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03', // admin shutdown, crash shutdown, cannot connect now
  '53300', // too many connections
  '3D000', // the database does not exist
  '28000',
  '28P01', // authentication
]);

/** SQLite result codes meaning the file cannot be used right now (better-sqlite3 puts them in `code`). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|NOTADB|PERM|AUTH)/;

/** Messages of drivers and Kysely for a closed or broken connection (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /connection terminated|not queryable|timeout exceeded when trying to connect|driver has already been destroyed|database connection is not open|connection is closed|cannot use a pool after calling end|connect(ion)? (refused|failed)/i;

const codeOf = (e: unknown): string | undefined => {
  if (typeof e !== 'object' || e === null) return undefined;
  const c = (e as { code?: unknown }).code;
  return typeof c === 'string' ? c : undefined;
};

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A unique or primary-key violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY). */
export function isUniqueViolation(e: unknown): boolean {
  const c = codeOf(e);
  return c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A foreign-key violation (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(e: unknown): boolean {
  const c = codeOf(e);
  return c === '23503' || c === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Maps anything a driver throws to a coded store error; never throws. */
export function classifyError(e: unknown): StoreError {
  const code = codeOf(e);
  const message = messageOf(e);
  // pg's Pool wraps connection failures in an AggregateError when a host resolves to several addresses.
  if (e instanceof AggregateError && e.errors.length > 0 && e.errors.every((x) => classifyError(x).code === 'DB_UNAVAILABLE')) {
    return { code: 'DB_UNAVAILABLE', message: `database unavailable: ${messageOf(e.errors[0]) || code || 'connection failed'}` };
  }
  if ((code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || SQLITE_UNAVAILABLE.test(code))) || UNAVAILABLE_MESSAGE.test(message)) {
    return { code: 'DB_UNAVAILABLE', message: `database unavailable: ${message || code}` };
  }
  if (isUniqueViolation(e)) return { code: 'DUPLICATE', message };
  return { code: 'DB_ERROR', message: `database error${code !== undefined ? ` ${code}` : ''}: ${message}` };
}

/**
 * Runs `fn` on the database unless the store is closed, answering a thrown database error as a `StoreResult`: a
 * foreign key violation is NOT_FOUND (`missing` says what) when `missing` is given, the rest as `classifyError` says.
 */
export async function guarded<D, T>(closed: () => boolean, db: () => D, fn: (db: D) => Promise<StoreResult<T>>, missing?: string): Promise<StoreResult<T>> {
  if (closed()) return storeErr('DB_UNAVAILABLE', 'the store is closed');
  try {
    return await fn(db());
  } catch (e) {
    if (missing !== undefined && isForeignKeyViolation(e)) return storeErr('NOT_FOUND', missing);
    const c = classifyError(e);
    return storeErr(c.code, c.message);
  }
}
