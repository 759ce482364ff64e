import { SEATS, isRecord, type BySeat, type Seat } from '@nardy/engine';
import {
  EntityIdSchema,
  type GameRecordResponse,
  type MatchSummary,
  type PublicSeat,
  type RecordedGame,
  type TournamentRecordOf,
  type UserGame,
  type UserGames,
} from '@nardy/protocol';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { badRequest, checked, fromStoreError, httpError, intParam, jsonErrors, refused, sendError, type Checked, type HttpError } from '../accounts/http.js';
import type { GameRecord, Json, PageCursor, SeatOccupant, Store } from '../store/index.js';
import { checkGameDice } from './dice.js';
import { variantStats } from './stats.js';
import { SummaryCache } from './summary.js';

/**
 * Records: a user's finished games with results, one game's record (the action log once finished, for replay),
 * and its dice check (the top players per variant: ratings/routes.ts). Every error is `{error: {code, message}}`. A private table's
 * game is its players' (and, by its watch token, their guests'): hidden from others' lists, `PRIVATE_GAME` to them.
 */

export interface RecordsOptions {
  readonly store: Store;
  /** The signed-in user of a request (its cookie header), or null: a private game's record is its players'. */
  readonly viewerOf: (cookie: string | undefined) => Promise<string | null>;
  /** Summaries of finished games kept in memory (default 1000). */
  readonly cacheSize?: number;
  /** A user's finished tournaments, played and won (the profile's line); without it the profile has none. */
  readonly tournaments?: { recordOf(userId: string): Promise<TournamentRecordOf | null> };
}

const checkId = (raw: unknown, what: string): Checked<string> =>
  EntityIdSchema.safeParse(raw).success ? checked(raw as string) : refused(badRequest(`${what} must be 1–64 characters of A–Z a–z 0–9 _ . : -`));

/** `before` is the `next` of the previous page: `<finishedAt>:<gameId>`. */
function checkCursor(raw: unknown): Checked<PageCursor | undefined> {
  if (raw === undefined || raw === '') return checked(undefined);
  const m = typeof raw === 'string' ? /^([0-9]{1,16}):(.+)$/.exec(raw) : null;
  if (!m || !EntityIdSchema.safeParse(m[2]).success) return refused(badRequest("before must be the 'next' cursor of a previous page (<finishedAt>:<gameId>)"));
  return checked({ finishedAt: Number(m[1]), id: m[2]! });
}

const seated = (g: GameRecord, userId: string | null): boolean =>
  userId !== null && [g.p1, g.p2].some((o) => o !== null && 'userId' in o && o.userId === userId);

/**
 * A private table's game is shown to its players and to whoever brings its watch token (`?watch=`); to anyone else
 * it is `PRIVATE_GAME`.
 */
export const mayRead = (g: GameRecord, userId: string | null, watch: unknown): boolean =>
  g.watchToken === null || seated(g, userId) || watch === g.watchToken || (userId !== null && g.imported?.by === userId);

/** The seats as the record shows them: an uploaded match's are the file's names. */
const importedSeats = (g: GameRecord): BySeat<PublicSeat> | null =>
  g.imported ? { p1: { name: g.imported.names.p1, imported: true }, p2: { name: g.imported.names.p2, imported: true } } : null;

const privateGame = (id: string): HttpError => httpError(403, 'PRIVATE_GAME', `game ${id} is private: only its players and those they invite may see it`);

const cursorText = (c: PageCursor | null): string | null => (c ? `${c.finishedAt}:${c.id}` : null);

/** The client seeds a game stored (`{p1?, p2?}`, each once its player gave one), as the record shows them. */
function seedsGiven(stored: Json): Partial<BySeat<string>> {
  const o = isRecord(stored) ? stored : {};
  const seeds: { p1?: string; p2?: string } = {};
  for (const seat of SEATS) if (typeof o[seat] === 'string') seeds[seat] = o[seat];
  return seeds;
}

export function recordsRoutes(opts: RecordsOptions): FastifyPluginAsync {
  const { store } = opts;
  const cache = new SummaryCache(opts.cacheSize ?? 1000);

  /** Seats with names (users looked up once per request). */
  const seatNames = () => {
    const seen = new Map<string, PublicSeat>();
    return async (o: SeatOccupant): Promise<PublicSeat> => {
      if (o === null) return null;
      if ('bot' in o) return { bot: o.bot };
      const hit = seen.get(o.userId);
      if (hit !== undefined) return hit;
      const u = await store.findUserById(o.userId);
      const seat: PublicSeat = u.ok
        ? { userId: u.value.id, name: u.value.displayName, username: u.value.username, guest: u.value.isGuest }
        : { userId: o.userId, name: '?', username: '?', guest: false };
      seen.set(o.userId, seat);
      return seat;
    };
  };

  const summaryOf = async (game: GameRecord): Promise<{ result: MatchSummary | null; replayError?: string }> => {
    const loaded = await store.loadGame(game.id);
    if (!loaded.ok) return { result: null, replayError: loaded.error.message };
    const s = cache.get(loaded.value.game, loaded.value.actions);
    return s.ok ? { result: s.value } : { result: null, replayError: s.message };
  };

  return async (app: FastifyInstance) => {
    jsonErrors(app);

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/users/:id/games', async (request, reply) => {
      const id = checkId(request.params.id, 'the user id');
      if (!id.ok) return sendError(reply, id.error);
      const limit = intParam(request.query['limit'], 'limit', 1, 100, 20);
      if (!limit.ok) return sendError(reply, limit.error);
      const before = checkCursor(request.query['before']);
      if (!before.ok) return sendError(reply, before.error);
      const user = await store.findUserById(id.value);
      if (!user.ok) return sendError(reply, fromStoreError(user.error, `no user ${id.value}`));
      const page = await store.listFinishedGames(id.value, { limit: limit.value, ...(before.value ? { before: before.value } : {}) });
      if (!page.ok) return sendError(reply, fromStoreError(page.error));
      const names = seatNames();
      const games: UserGame[] = [];
      const viewer = await opts.viewerOf(request.headers.cookie);
      for (const g of page.value.items) {
        // Private games are listed to their players only (the page may then be shorter; `next` still goes on).
        if (!mayRead(g, viewer, undefined)) continue;
        const seat: Seat = g.p1 !== null && 'userId' in g.p1 && g.p1.userId === id.value ? 'p1' : 'p2';
        const other: Seat = seat === 'p1' ? 'p2' : 'p1';
        const { result, replayError } = await summaryOf(g);
        const outcome =
          g.status !== 'finished' || !result || result.reason === null ? null : result.winner === null ? 'draw' : result.winner === seat ? 'win' : 'loss';
        games.push({
          id: g.id,
          variant: g.variant,
          matchLength: g.settings.matchLength,
          rated: g.rated,
          status: g.status,
          createdAt: g.createdAt,
          finishedAt: g.finishedAt,
          seat,
          opponent: await names(g[other]),
          outcome,
          result,
          ...(replayError !== undefined ? { replayError } : {}),
        });
      }
      const tournaments = (await opts.tournaments?.recordOf(id.value)) ?? null;
      return {
        user: { id: user.value.id, name: user.value.displayName, username: user.value.username },
        stats: await variantStats(store, id.value),
        ...(tournaments ? { tournaments } : {}),
        games,
        next: cursorText(page.value.next),
      } satisfies UserGames;
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/games/:id', async (request, reply) => {
      const id = checkId(request.params.id, 'the game id');
      if (!id.ok) return sendError(reply, id.error);
      const loaded = await store.loadGame(id.value);
      if (!loaded.ok) return sendError(reply, fromStoreError(loaded.error, `no game ${id.value}`));
      const { game: g, actions } = loaded.value;
      if (!mayRead(g, await opts.viewerOf(request.headers.cookie), request.query['watch'])) return sendError(reply, privateGame(id.value));
      const names = seatNames();
      const over = g.status === 'finished' || g.status === 'aborted';
      const s = cache.get(g, actions);
      const base: RecordedGame = {
        id: g.id,
        variant: g.variant,
        settings: g.settings,
        rated: g.rated,
        status: g.status,
        seats: importedSeats(g) ?? { p1: await names(g.p1), p2: await names(g.p2) },
        createdAt: g.createdAt,
        finishedAt: g.finishedAt,
        commitment: g.seedCommitment,
        clientSeeds: seedsGiven(g.clientSeeds),
        version: g.lastSeq,
        ...(g.imported ? { imported: { fileName: g.imported.fileName, playedAt: g.imported.playedAt } } : {}),
        ...(g.tournament ? { tournament: { id: g.tournament.id, name: g.tournament.name } } : {}),
      };
      if (!over) {
        // A live game: what spectators may see — never the server seed; the moves come over the socket.
        return { game: base, progress: s.ok ? s.value : null } satisfies GameRecordResponse;
      }
      return {
        game: { ...base, serverSeed: g.seedRevealed ? g.serverSeed : null, recorded: g.result },
        result: s.ok ? s.value : null,
        ...(s.ok ? {} : { replayError: s.message }),
        actions: actions.map((a) => ({ seq: a.seq, action: a.action, seat: a.seat, at: a.createdAt, timeUsedMs: a.timeUsedMs })),
      } satisfies GameRecordResponse;
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/games/:id/dice', async (request, reply) => {
      const id = checkId(request.params.id, 'the game id');
      if (!id.ok) return sendError(reply, id.error);
      const loaded = await store.loadGame(id.value);
      if (!loaded.ok) return sendError(reply, fromStoreError(loaded.error, `no game ${id.value}`));
      if (!mayRead(loaded.value.game, await opts.viewerOf(request.headers.cookie), request.query['watch'])) return sendError(reply, privateGame(id.value));
      if (loaded.value.game.imported)
        return sendError(reply, httpError(409, 'CONFLICT', `game ${id.value} was imported: its dice are its file's, with no seed to check`));
      const r = checkGameDice(loaded.value);
      if (!r.ok) return sendError(reply, httpError(409, 'CONFLICT', r.error.message));
      return r.value;
    });
  };
}
