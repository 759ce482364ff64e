import { EntityIdSchema, type TournamentList } from '@nardy/protocol';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { badRequest, httpError, jsonErrors, sendError } from '../accounts/http.js';
import { LISTS, type TournamentsModule } from './module.js';

/**
 * `GET /api/tournaments?status=upcoming|running|finished` (default upcoming): the list, as `tournament.state` shows
 * each; `GET /api/tournaments/:id`: one tournament as `tournament.snapshot`'s `detail` (404 `NOT_FOUND`).
 */
export function tournamentRoutes(tournaments: TournamentsModule): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    jsonErrors(app);
    app.get<{ Querystring: Record<string, unknown> }>('/api/tournaments', async (request, reply) => {
      const status = request.query['status'] ?? 'upcoming';
      if (typeof status !== 'string' || !Object.hasOwn(LISTS, status)) return sendError(reply, badRequest('status must be upcoming, running or finished'));
      const list = await tournaments.list(status as keyof typeof LISTS);
      if (list === null) return sendError(reply, httpError(503, 'UNAVAILABLE', 'the tournaments could not be read'));
      const body: TournamentList = { tournaments: list };
      return reply.send(body);
    });
    app.get<{ Params: { id: string } }>('/api/tournaments/:id', async (request, reply) => {
      const id = request.params.id;
      if (!EntityIdSchema.safeParse(id).success) return sendError(reply, badRequest('the tournament id must be 1–64 characters of A–Z a–z 0–9 _ . : -'));
      const detail = await tournaments.detail(id);
      if (detail === null) return sendError(reply, httpError(404, 'NOT_FOUND', `no tournament ${id}`));
      return reply.send(detail);
    });
  };
}
