import { VARIANT_IDS, isVariantId, type VariantId } from '@nardy/engine';
import { EntityIdSchema, type Leaderboard, type LeaderboardEntry, type RatingHistory } from '@nardy/protocol';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { badRequest, fromStoreError, httpError, intParam, jsonErrors, sendError } from '../accounts/http.js';
import { isProvisional } from '../games/rating.js';
import { variantStats } from '../records/stats.js';
import type { PeriodEntry, Store } from '../store/index.js';
import { monthRange, moscowMonth } from './month.js';

/**
 * Ratings over REST (docs/ratings.md): `GET /api/leaderboard/:variant?period=all|month&month=YYYY-MM&limit=` — the
 * top players now, or of a Moscow-time month (those who played rated games in it, by their rating after their last
 * game in it); `GET /api/users/:id/ratings?variant=` — a player's rating history in a variant (the latest 500 games).
 */
export interface RatingsOptions {
  readonly store: Store;
  readonly now: () => number;
}

const HISTORY_POINTS = 500;

const noVariant = (reply: FastifyReply, variant: string) =>
  sendError(reply, httpError(404, 'NOT_FOUND', `no variant '${variant}' (variants: ${VARIANT_IDS.join(', ')})`));

/** A leaderboard row: the player at place `i + 1` with his record and whole-point rating. */
const entryOf = (p: Omit<PeriodEntry, 'gained'>, i: number): LeaderboardEntry => ({
  rank: i + 1,
  userId: p.userId,
  username: p.username,
  name: p.displayName,
  rating: Math.round(p.rating),
  games: p.games,
  wins: p.wins,
  losses: p.losses,
  draws: p.draws,
  provisional: isProvisional(p.experience),
});

export function ratingsRoutes(opts: RatingsOptions): FastifyPluginAsync {
  const { store } = opts;

  const allTime = async (variant: VariantId, limit: number) => {
    const top = await store.topPlayers(variant, limit);
    if (!top.ok) return top;
    return {
      ok: true as const,
      value: top.value.map(entryOf),
    };
  };

  const ofMonth = async (variant: VariantId, range: { from: number; to: number }, limit: number) => {
    const top = await store.ratings.topOfPeriod(variant, range.from, range.to, limit);
    if (!top.ok) return top;
    return {
      ok: true as const,
      // Whole points, as ratings are shown (0, not −0).
      value: top.value.map((p, i): LeaderboardEntry => ({ ...entryOf(p, i), gained: Math.round(p.gained) || 0 })),
    };
  };

  return async (app: FastifyInstance) => {
    jsonErrors(app);

    app.get<{ Params: { variant: string }; Querystring: Record<string, unknown> }>('/api/leaderboard/:variant', async (request, reply) => {
      const variant = request.params.variant;
      if (!isVariantId(variant)) return noVariant(reply, variant);
      const limit = intParam(request.query['limit'], 'limit', 1, 100, 10);
      if (!limit.ok) return sendError(reply, limit.error);
      const period = request.query['period'] ?? 'all';
      if (period === 'all') {
        const top = await allTime(variant, limit.value);
        if (!top.ok) return sendError(reply, fromStoreError(top.error));
        return { variant, period, players: top.value } satisfies Leaderboard;
      }
      if (period !== 'month') return sendError(reply, badRequest("period must be 'all' or 'month'"));
      const raw = request.query['month'];
      const month = raw === undefined || raw === '' ? moscowMonth(opts.now()) : String(raw);
      const range = monthRange(month);
      if (!range) return sendError(reply, badRequest('month must be YYYY-MM'));
      const top = await ofMonth(variant, range, limit.value);
      if (!top.ok) return sendError(reply, fromStoreError(top.error));
      return { variant, period, month, players: top.value } satisfies Leaderboard;
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/users/:id/ratings', async (request, reply) => {
      const id = request.params.id;
      if (!EntityIdSchema.safeParse(id).success) return sendError(reply, badRequest('the user id must be 1–64 characters of A–Z a–z 0–9 _ . : -'));
      const variant = String(request.query['variant'] ?? '');
      if (!isVariantId(variant)) return noVariant(reply, variant);
      const user = await store.findUserById(id);
      if (!user.ok) return sendError(reply, fromStoreError(user.error, `no user ${id}`));
      const history = await store.ratings.history(id, variant, HISTORY_POINTS);
      if (!history.ok) return sendError(reply, fromStoreError(history.error));
      const current = (await variantStats(store, id)).find((s) => s.variant === variant) ?? null;
      return {
        user: { id: user.value.id, name: user.value.displayName, username: user.value.username },
        variant,
        current,
        points: history.value.map((c) => ({
          gameId: c.gameId,
          at: c.at,
          outcome: c.outcome,
          before: Math.round(c.before),
          after: Math.round(c.after),
          provisional: isProvisional(c.experience),
        })),
      } satisfies RatingHistory;
    });
  };
}
