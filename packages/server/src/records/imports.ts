import { randomBytes } from 'node:crypto';
import { parseMat, type ParsedMat } from '@nardy/engine';
import type { ImportedGame, ImportList } from '@nardy/protocol';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { memoryBuckets, type BucketFactory } from '../accounts/rate-limit.js';
import { fromStoreError, httpError, intParam, jsonErrors, sendError } from '../accounts/http.js';
import { wireResult } from '../games/views.js';
import type { GameRecord, Json, Store } from '../store/index.js';

/** The largest `.mat` accepted for import: a long match is some tens of kilobytes. */
export const MAT_IMPORT_LIMIT = 512 * 1024;

/** Uploads per user and per IP address: a burst of 20, then one a minute. */
const IMPORT_BURST = 20;
const IMPORT_REFILL_MS = 60_000;

export interface ImportsOptions {
  readonly store: Store;
  readonly viewerOf: (cookie: string | undefined) => Promise<string | null>;
  readonly now: () => number;
  /** Where the upload limits live: this process (default) or Redis, shared by the instances (limits.ts). */
  readonly buckets?: BucketFactory;
}

/** The result as the game layer records a finished match's (games/manager.ts), so the record reads the same. */
function resultOf(m: ParsedMat['state']): Json {
  return {
    end: m.end ? { winner: m.end.winner, reason: m.end.reason } : null,
    score: { p1: m.score.p1, p2: m.score.p2 },
    games: m.games.map(wireResult),
    abandonedBy: null,
  } as unknown as Json;
}

/** A file name as the uploader's browser gave it (`?name=`), kept short and printable. */
function fileNameOf(raw: unknown): string {
  const s = typeof raw === 'string' ? raw.replace(/\p{Cc}/gu, '').trim() : '';
  return s === '' ? 'match.mat' : s.slice(0, 200);
}

function listed(g: GameRecord): ImportList['imports'][number] | null {
  if (!g.imported || g.watchToken === null) return null;
  const r = g.result as { score?: { p1: number; p2: number }; games?: unknown[] } | null;
  return {
    gameId: g.id,
    watchToken: g.watchToken,
    names: g.imported.names,
    variant: g.variant,
    matchLength: g.settings.matchLength,
    games: r?.games?.length ?? 0,
    score: r?.score ?? { p1: 0, p2: 0 },
    fileName: g.imported.fileName,
    playedAt: g.imported.playedAt,
    importedAt: g.createdAt,
  };
}

/**
 * Uploaded `.mat` files (docs/mat.md "Importing"): `POST /api/imports?name=<file name>` (text body, at most
 * `MAT_IMPORT_LIMIT`, signed-in users and guests) stores the match as a finished, unrated, private game of the
 * uploader's — whole or not at all — and answers its id, or `400` with the error's line; `GET /api/me/imports` lists
 * his uploads. Imported matches have empty seats, so they count for no one's ratings, chips or records.
 */
export function importRoutes(opts: ImportsOptions): FastifyPluginAsync {
  const { store } = opts;
  const buckets = opts.buckets ?? memoryBuckets;
  const perUser = buckets('import-user', { capacity: IMPORT_BURST, refillMs: IMPORT_REFILL_MS, now: opts.now });
  const perIp = buckets('import-ip', { capacity: IMPORT_BURST, refillMs: IMPORT_REFILL_MS, now: opts.now });

  return async (app: FastifyInstance) => {
    jsonErrors(app);

    app.post<{ Body: unknown; Querystring: Record<string, unknown> }>('/api/imports', { bodyLimit: MAT_IMPORT_LIMIT }, async (request, reply) => {
      const viewer = await opts.viewerOf(request.headers.cookie);
      if (viewer === null) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'sign in (or play as a guest) to import a match'));
      const limited = (await Promise.all([perUser.take(viewer), perIp.take(request.ip)])).find((r) => !r.ok);
      if (limited && !limited.ok) {
        reply.header('retry-after', String(Math.ceil(limited.retryAfterMs / 1000)));
        return sendError(reply, httpError(429, 'RATE_LIMITED', 'too many imports: try again in a minute'));
      }
      if (typeof request.body !== 'string') return sendError(reply, httpError(400, 'BAD_MESSAGE', 'send the .mat file as the body, Content-Type text/plain'));
      const r = parseMat(request.body);
      if (!r.ok) return reply.code(400).send({ error: { code: r.error.code, message: r.error.message, line: r.error.line } });
      const { settings, actions, names, date, state } = r.value;
      const now = opts.now();
      const watchToken = randomBytes(18).toString('base64url');
      const stored = await store.importGame({
        settings,
        actions: actions.map((action) => ({ action, seat: 'seat' in action ? action.seat : null, timeUsedMs: null, createdAt: now })),
        result: resultOf(state),
        imported: { by: viewer, names, fileName: fileNameOf(request.query['name']), playedAt: date ? date.getTime() : null },
        watchToken,
        createdAt: now,
      });
      if (!stored.ok) return sendError(reply, fromStoreError(stored.error));
      return reply.code(201).send({
        gameId: stored.value.id,
        watchToken,
        names,
        variant: settings.variant,
        matchLength: settings.matchLength,
        games: state.games.length,
        score: state.score,
      } satisfies ImportedGame);
    });

    app.get<{ Querystring: Record<string, unknown> }>('/api/me/imports', async (request, reply) => {
      const viewer = await opts.viewerOf(request.headers.cookie);
      if (viewer === null) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      const limit = intParam(request.query['limit'], 'limit', 1, 100, 50);
      if (!limit.ok) return sendError(reply, limit.error);
      const list = await store.listImports(viewer, limit.value);
      if (!list.ok) return sendError(reply, fromStoreError(list.error));
      return { imports: list.value.flatMap((g) => listed(g) ?? []) } satisfies ImportList;
    });
  };
}
