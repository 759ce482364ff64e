import { DEFAULT_ANALYSIS_PLY, EntityIdSchema, type AnalysisResponse } from '@nardy/protocol';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ErrorCode } from '@nardy/protocol';
import { badRequest, fromStoreError, httpError, intParam, jsonErrors, objectBody, sendError } from '../accounts/http.js';
import { mayRead } from '../records/routes.js';
import type { Store } from '../store/index.js';
import type { AnalysisModule } from './module.js';
import { userAnalysisRoute } from './user-stats.js';

export interface AnalysisRoutesOptions {
  readonly store: Store;
  readonly analysis: AnalysisModule;
  /** The signed-in user of a request (its cookie header), or null. */
  readonly viewerOf: (cookie: string | undefined) => Promise<string | null>;
}

const BAD_ID = badRequest('the game id must be 1–64 characters of A–Z a–z 0–9 _ . : -');

/** The HTTP status of each refusal of a request. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  NOT_FOUND: 404,
  PRIVATE_GAME: 403,
  NOT_FINISHED: 409,
  LIMIT_REACHED: 429,
  UNAVAILABLE: 503,
  CLUSTER_UNAVAILABLE: 503,
};

/**
 * `POST /api/games/:id/analysis` `{ply?, watch?}`: asks for the analysis, as `analysis.request` does (202 with the
 * job's status; the same refusals, 401 signed out). `GET /api/games/:id/analysis?ply=2[&watch=<token>]`: a game's analysis at a ply — its status and progress, and
 * once done the engine's `MatchAnalysis` as `result`; `NOT_FOUND` when none was asked for. The record's access rule:
 * a private game's is its players' and their invited watchers' (`PRIVATE_GAME`). `GET /api/users/:id/analysis`: a
 * player's average error rate and PR over his analysed games (user-stats.ts).
 */
export function analysisRoutes(opts: AnalysisRoutesOptions): FastifyPluginAsync {
  const { store, analysis } = opts;
  return async (app: FastifyInstance) => {
    jsonErrors(app);
    userAnalysisRoute(app, store, opts.viewerOf);
    app.post<{ Params: { id: string } }>('/api/games/:id/analysis', async (request, reply) => {
      const id = request.params.id;
      if (!EntityIdSchema.safeParse(id).success) return sendError(reply, BAD_ID);
      const body = objectBody(request.body, ['ply', 'watch'], true);
      if (!body.ok) return sendError(reply, body.error);
      const { ply = DEFAULT_ANALYSIS_PLY, watch } = body.value;
      if (!Number.isInteger(ply) || (ply as number) < 0 || (ply as number) > 2) return sendError(reply, badRequest('ply must be 0, 1 or 2'));
      if (watch !== undefined && typeof watch !== 'string') return sendError(reply, badRequest("watch must be the game's watch token"));
      const viewer = await opts.viewerOf(request.headers.cookie);
      if (viewer === null) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      const r = await analysis.request(viewer, id, ply as number, watch);
      if (!r.ok) return sendError(reply, httpError(STATUS[r.error.code] ?? 500, r.error.code, r.error.message));
      const { kind: _kind, ...status } = r.value;
      return reply.code(202).send(status);
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/games/:id/analysis', async (request, reply) => {
      const id = request.params.id;
      if (!EntityIdSchema.safeParse(id).success) return sendError(reply, BAD_ID);
      const ply = intParam(request.query['ply'], 'ply', 0, 2, DEFAULT_ANALYSIS_PLY);
      if (!ply.ok) return sendError(reply, ply.error);
      const game = await store.getGame(id);
      if (!game.ok) return sendError(reply, fromStoreError(game.error, `no game ${id}`));
      if (!mayRead(game.value, await opts.viewerOf(request.headers.cookie), request.query['watch'])) {
        return sendError(reply, httpError(403, 'PRIVATE_GAME', `game ${id} is private: only its players and those they invite may see it`));
      }
      const job = await store.analyses.getAnalysis(id, ply.value);
      if (!job.ok) return sendError(reply, fromStoreError(job.error, `game ${id} has no analysis at ${ply.value}-ply: ask for one (analysis.request)`));
      const j = job.value;
      const { status, done, total } = analysis.statusOf(j);
      return {
        gameId: id,
        ply: j.ply,
        status,
        done,
        total,
        requestedAt: j.requestedAt,
        finishedAt: j.finishedAt,
        error: j.error,
        result: j.result,
      } satisfies AnalysisResponse;
    });
  };
}
