import { readFileSync } from 'node:fs';
import type { Result } from '@nardy/engine';
import { decodeOneSided, decodeTwoSided, type BearOffFileError, type OneSidedTable, type TwoSidedTable } from './file-format.js';
import { MAX_HOME_CHECKERS, positionCount } from './position-number.js';

/** Where the generated tables live: `packages/ai/data/`, beside `src/` and `dist/` (made by `scripts/make-bearoff.mjs`). */
export const BEAROFF_DIR = new URL('../../data/', import.meta.url);
export const ONE_SIDED_FILE = 'bearoff-os.bin';
export const TWO_SIDED_FILE = 'bearoff-ts.bin';

/**
 * Reads and decodes one table file; throws with the file's path and the reason when it is missing or corrupt
 * (a broken install must fail loudly, not play bear-offs from garbage).
 */
export function readTable<T>(url: URL, decode: (bytes: Uint8Array) => Result<T, BearOffFileError>): T {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(url);
  } catch (e) {
    throw new Error(`bear-off table ${url.pathname} cannot be read (${(e as Error).message}); make it with \`npm run build\` or \`node packages/ai/scripts/make-bearoff.mjs\``);
  }
  const decoded = decode(bytes);
  if (!decoded.ok) throw new Error(`bear-off table ${url.pathname}: ${decoded.error.message}; remake it with \`node packages/ai/scripts/make-bearoff.mjs --force\``);
  return decoded.value;
}

let oneSided: OneSidedTable | undefined;
let twoSided: TwoSidedTable | undefined;

/** The one-sided table of all 15 checkers, read on first use. */
export function oneSidedTable(): OneSidedTable {
  if (!oneSided) {
    const url = new URL(ONE_SIDED_FILE, BEAROFF_DIR);
    const table = readTable(url, decodeOneSided);
    if (table.count !== positionCount(MAX_HOME_CHECKERS)) throw new Error(`bear-off table ${url.pathname}: ${table.count} positions, expected ${positionCount(MAX_HOME_CHECKERS)}`);
    oneSided = table;
  }
  return oneSided;
}

/** The two-sided table, read on first use. */
export function twoSidedTable(): TwoSidedTable {
  twoSided ??= readTable(new URL(TWO_SIDED_FILE, BEAROFF_DIR), decodeTwoSided);
  return twoSided;
}
