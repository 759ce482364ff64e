import { ERROR_CODES, type ErrorCode, type ImportedGame, type ImportList } from '@nardy/protocol';
import type { Fetch } from '../../net/api';

/** Why an upload failed: the server's error code and, for a broken file, its line (1-based; 0: the file as a whole). */
export interface UploadError {
  readonly code: ErrorCode | 'DISCONNECTED';
  readonly line: number | null;
}

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** The error an answer's body holds (`{error: {code, line?}}`); unknown codes are `INTERNAL`. */
export function uploadError(status: number, body: unknown): UploadError {
  const e = typeof body === 'object' && body !== null ? (body as { error?: { code?: unknown; line?: unknown } }).error : undefined;
  const code =
    typeof e?.code === 'string' && KNOWN.has(e.code) ? (e.code as ErrorCode) : status === 413 ? 'TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'INTERNAL';
  return { code, line: typeof e?.line === 'number' ? e.line : null };
}

/**
 * `POST /api/imports`: the file's text as the body (the JSON API client sends JSON only), its name in the query.
 * Resolves with the stored match, or rejects with an `UploadError`.
 */
export async function uploadMat(text: string, fileName: string, fetchImpl: Fetch = (i, init) => fetch(i, init)): Promise<ImportedGame> {
  let res: Response;
  try {
    res = await fetchImpl(`/api/imports?name=${encodeURIComponent(fileName)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'text/plain; charset=utf-8' },
      body: text,
    });
  } catch {
    throw { code: 'DISCONNECTED', line: null } satisfies UploadError;
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw uploadError(res.status, body);
  return body as ImportedGame;
}

/** `GET /api/me/imports`: the signed-in user's uploads, newest first. */
export async function myImports(fetchImpl: Fetch = (i, init) => fetch(i, init)): Promise<ImportList['imports']> {
  const res = await fetchImpl('/api/me/imports', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) return [];
  return ((await res.json()) as ImportList).imports;
}
