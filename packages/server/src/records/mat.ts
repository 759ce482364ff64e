import { matFileName, writeMat, type BySeat } from '@nardy/engine';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { fromStoreError, httpError, jsonErrors, sendError } from '../accounts/http.js';
import { botLevelOf, botName } from '../games/bots.js';
import type { SeatOccupant } from '../store/index.js';
import { EntityIdSchema } from '@nardy/protocol';
import { mayRead, type RecordsOptions } from './routes.js';

/**
 * `.mat` files (docs/mat.md): `GET /api/games/:id/mat` downloads a finished game or match (the same access as its
 * JSON record: a private game's players and watch-token holders; an uploaded match's uploader). Uploads: imports.ts.
 */
export function matRoutes(opts: RecordsOptions): FastifyPluginAsync {
  const { store } = opts;
  const nameOf = async (o: SeatOccupant): Promise<string> => {
    if (o === null) return '?';
    if ('bot' in o) return botName(botLevelOf(o.bot) ?? 0);
    const u = await store.findUserById(o.userId);
    return u.ok ? u.value.displayName : '?';
  };

  return async (app: FastifyInstance) => {
    jsonErrors(app);

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/games/:id/mat', async (request, reply) => {
      const id = request.params.id;
      if (!EntityIdSchema.safeParse(id).success)
        return sendError(reply, httpError(400, 'BAD_MESSAGE', 'the game id must be 1–64 characters of A–Z a–z 0–9 _ . : -'));
      const loaded = await store.loadGame(id);
      if (!loaded.ok) return sendError(reply, fromStoreError(loaded.error, `no game ${id}`));
      const { game: g, actions } = loaded.value;
      if (!mayRead(g, await opts.viewerOf(request.headers.cookie), request.query['watch'])) {
        return sendError(reply, httpError(403, 'PRIVATE_GAME', `game ${id} is private: only its players and those they invite may see it`));
      }
      if (g.status !== 'finished') return sendError(reply, httpError(409, 'CONFLICT', `game ${id} is not finished: only a finished game can be downloaded`));
      const names: BySeat<string> = g.imported?.names ?? { p1: await nameOf(g.p1), p2: await nameOf(g.p2) };
      const date = new Date(g.imported?.playedAt ?? g.createdAt);
      let text: string;
      try {
        text = writeMat({ settings: g.settings, actions: actions.map((a) => a.action), names, date, site: 'nardy', matchId: g.id });
      } catch (e) {
        return sendError(reply, httpError(409, 'CONFLICT', `game ${id} does not replay: ${(e as Error).message}`));
      }
      const file = matFileName(names, date);
      // An ASCII name for old clients, the full one (Cyrillic names) as RFC 6266's filename*.
      const ascii = file.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`)
        .send(text);
    });
  };
}
