import { isRecord } from '@nardy/engine';
import { DEFAULT_ANALYSIS_PLY, EntityIdSchema, type AnalysedPlay, type UserAnalysis } from '@nardy/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, fromStoreError, sendError } from '../accounts/http.js';
import { mayRead } from '../records/routes.js';
import type { GameRecord, Json, PageCursor, Store } from '../store/index.js';

/** How many of a player's latest finished games are looked at (two pages of the store's listing). */
const GAMES_LOOKED_AT = 200;
const PAGE = 100;

/** One analysed match as it counts for a player: his unforced decisions and his error rate over them. */
interface PlayerShare {
  readonly variant: string;
  readonly unforced: number;
  readonly errorRate: number;
}

/** The player's share of a stored analysis (`MatchAnalysis.players`), or null when it has none to count. */
export function shareOf(variant: string, result: Json | null, seat: 'p1' | 'p2'): PlayerShare | null {
  const players = isRecord(result) ? result['players'] : null;
  if (!Array.isArray(players)) return null;
  const p: unknown = players.find((x: unknown) => isRecord(x) && x['seat'] === seat);
  if (!isRecord(p)) return null;
  const { unforcedMoves, unforcedCube, errorRate } = p;
  if (typeof unforcedMoves !== 'number' || typeof unforcedCube !== 'number' || typeof errorRate !== 'number') return null;
  const unforced = unforcedMoves + unforcedCube;
  return unforced > 0 ? { variant, unforced, errorRate } : null;
}

/** Per variant: the matches, their unforced decisions, the error rate over them all (weighted by decisions) and PR. */
export function averagePlay(shares: readonly PlayerShare[]): AnalysedPlay[] {
  const by = new Map<string, { matches: number; unforced: number; error: number }>();
  for (const s of shares) {
    const v = by.get(s.variant) ?? { matches: 0, unforced: 0, error: 0 };
    by.set(s.variant, { matches: v.matches + 1, unforced: v.unforced + s.unforced, error: v.error + s.errorRate * s.unforced });
  }
  return [...by].map(([variant, v]) => {
    const errorRate = v.unforced > 0 ? v.error / v.unforced : null;
    return { variant, matches: v.matches, unforced: v.unforced, errorRate, pr: errorRate === null ? null : errorRate / 2 };
  });
}

const seatOf = (g: GameRecord, userId: string): 'p1' | 'p2' | null => {
  for (const seat of ['p1', 'p2'] as const) {
    const o = g[seat];
    if (o !== null && 'userId' in o && o.userId === userId) return seat;
  }
  return null;
};

/**
 * `GET /api/users/:id/analysis`: the player's average error rate and PR over his analysed games and matches (the
 * latest 200 finished; a private game counts only for who may read it, as in his list of games).
 */
export function userAnalysisRoute(app: FastifyInstance, store: Store, viewerOf: (cookie: string | undefined) => Promise<string | null>): void {
  app.get<{ Params: { id: string } }>('/api/users/:id/analysis', async (request, reply) => {
    const id = request.params.id;
    if (!EntityIdSchema.safeParse(id).success) return sendError(reply, badRequest('the user id must be 1–64 characters of A–Z a–z 0–9 _ . : -'));
    const user = await store.findUserById(id);
    if (!user.ok) return sendError(reply, fromStoreError(user.error, `no user ${id}`));
    const viewer = await viewerOf(request.headers.cookie);
    const shares: PlayerShare[] = [];
    let before: PageCursor | undefined;
    for (let seen = 0; seen < GAMES_LOOKED_AT; seen += PAGE) {
      const page = await store.listFinishedGames(id, { limit: PAGE, ...(before ? { before } : {}) });
      if (!page.ok) return sendError(reply, fromStoreError(page.error));
      for (const g of page.value.items) {
        const seat = seatOf(g, id);
        if (seat === null || g.status !== 'finished' || !mayRead(g, viewer, undefined)) continue;
        const job = await store.analyses.getAnalysis(g.id, DEFAULT_ANALYSIS_PLY);
        const share = job.ok && job.value.status === 'done' ? shareOf(g.variant, job.value.result, seat) : null;
        if (share) shares.push(share);
      }
      if (!page.value.next) break;
      before = page.value.next;
    }
    return { userId: id, ply: DEFAULT_ANALYSIS_PLY, variants: averagePlay(shares) } satisfies UserAnalysis;
  });
}
