import type { VariantId } from '@nardy/engine';
import { sql, type Kysely, type Transaction } from 'kysely';
import { checkLimit, checkTime, num } from './common.js';
import { guarded } from './errors.js';
import type { DB } from './schema.js';
import {
  storeErr,
  storeOk,
  type Outcome,
  type PeriodEntry,
  type RatingChange,
  type RatingPlan,
  type RatingState,
  type RatingStore,
  type StoreResult,
} from './types.js';

/** The finished game's row as the ratings need it. */
interface RatedGameRow {
  readonly id: string;
  readonly variant: string;
  readonly rated: number | string;
  readonly p1_user_id: string | null;
  readonly p2_user_id: string | null;
}

const finite = (s: RatingState): boolean => Number.isFinite(s.rating) && Number.isInteger(s.experience) && s.experience >= 0;

/**
 * A rated match's ratings, inside the finish's transaction (`KyselyStore.finishGame`): both rows locked in id order
 * (PostgreSQL: an update takes the row lock, and the read after it sees the latest commit, so two matches of one
 * player finishing together are applied one after the other), the plan's formula applied, the rows and the history
 * written. An error result means the caller must roll the transaction back.
 */
export async function applyRatingPlan(trx: Transaction<DB>, game: RatedGameRow, plan: RatingPlan, at: number): Promise<StoreResult<RatingChange[]>> {
  const ids = plan.players.map((p) => p.userId);
  const seats = [game.p1_user_id, game.p2_user_id];
  if (num(game.rated) !== 1) return storeErr('BAD_INPUT', `game ${game.id} is not rated`);
  if (ids[0] === ids[1] || !ids.every((id) => seats.includes(id))) return storeErr('BAD_INPUT', `a rating plan names the players of game ${game.id}`);
  const variant = game.variant as VariantId;
  for (const userId of [...ids].sort()) {
    await trx
      .insertInto('ratings')
      .values({
        user_id: userId,
        variant,
        rating: plan.start.rating,
        experience: plan.start.experience,
        games: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'variant']).doNothing())
      .execute();
    await trx.updateTable('ratings').set({ updated_at: at }).where('user_id', '=', userId).where('variant', '=', variant).execute();
  }
  const current = await Promise.all(
    ids.map(async (userId) => {
      const r = await trx
        .selectFrom('ratings')
        .select(['rating', 'experience'])
        .where('user_id', '=', userId)
        .where('variant', '=', variant)
        .executeTakeFirstOrThrow();
      return { rating: num(r.rating), experience: num(r.experience) };
    }),
  );
  const next = plan.rate([current[0]!, current[1]!]);
  if (!next.every(finite)) return storeErr('BAD_INPUT', 'a new rating is a finite number and experience a whole number');
  const changes: RatingChange[] = [];
  for (const [i, p] of plan.players.entries()) {
    const after = next[i]!;
    const count = (o: Outcome): number => (p.outcome === o ? 1 : 0);
    await trx
      .updateTable('ratings')
      .set({
        rating: after.rating,
        experience: after.experience,
        games: sql<number>`games + 1`,
        wins: sql<number>`wins + ${count('win')}`,
        losses: sql<number>`losses + ${count('loss')}`,
        draws: sql<number>`draws + ${count('draw')}`,
      })
      .where('user_id', '=', p.userId)
      .where('variant', '=', variant)
      .execute();
    const change: RatingChange = {
      gameId: game.id,
      userId: p.userId,
      variant,
      outcome: p.outcome,
      before: current[i]!.rating,
      after: after.rating,
      experience: after.experience,
      at,
    };
    await trx
      .insertInto('rating_history')
      .values({
        game_id: game.id,
        user_id: p.userId,
        variant,
        outcome: p.outcome,
        rating_before: change.before,
        rating_after: change.after,
        experience: change.experience,
        at,
      })
      .execute();
    changes.push(change);
  }
  return storeOk(changes);
}

type HistoryRow = {
  game_id: string;
  user_id: string;
  variant: string;
  outcome: string;
  rating_before: number | string;
  rating_after: number | string;
  experience: number | string;
  at: number | string;
};

const changeFromRow = (r: HistoryRow): RatingChange => ({
  gameId: r.game_id,
  userId: r.user_id,
  variant: r.variant as VariantId,
  outcome: r.outcome as Outcome,
  before: num(r.rating_before),
  after: num(r.rating_after),
  experience: num(r.experience),
  at: num(r.at),
});

/** `RatingStore` (store/types.ts) on the store's database (SQLite or PostgreSQL, the same queries). */
export class KyselyRatings implements RatingStore {
  constructor(
    private readonly db: () => Kysely<DB>,
    private readonly closed: () => boolean,
  ) {}

  #read<T>(fn: (db: Kysely<DB>) => Promise<StoreResult<T>>): Promise<StoreResult<T>> {
    return guarded(this.closed, this.db, fn);
  }

  history(userId: string, variant: VariantId, limit: number): Promise<StoreResult<readonly RatingChange[]>> {
    return this.#read(async (db) => {
      const l = checkLimit(limit, 1000);
      if (!l.ok) return l;
      const rows = await db
        .selectFrom('rating_history')
        .selectAll()
        .where('user_id', '=', userId)
        .where('variant', '=', variant)
        .orderBy('at', 'desc')
        .orderBy('game_id', 'desc')
        .limit(l.value)
        .execute();
      return storeOk(rows.map(changeFromRow).reverse());
    });
  }

  topOfPeriod(variant: VariantId, from: number, to: number, limit: number): Promise<StoreResult<readonly PeriodEntry[]>> {
    return this.#read(async (db) => {
      const l = checkLimit(limit, 100);
      if (!l.ok) return l;
      const f = checkTime(from, 'from');
      if (!f.ok) return f;
      const t = checkTime(to, 'to');
      if (!t.ok) return t;
      if (from >= to) return storeErr('BAD_INPUT', 'a period ends after it starts');
      const inPeriod = sql<boolean>`h.variant = ${variant} and h.at >= ${from} and h.at < ${to}`;
      // His last game in the period gives his rating and experience then (a correlated subquery: both dialects).
      const last = (column: 'rating_after' | 'experience') =>
        sql<number | string>`(select l.${sql.ref(column)} from rating_history l where l.user_id = h.user_id and l.variant = ${variant}
          and l.at >= ${from} and l.at < ${to} order by l.at desc, l.game_id desc limit 1)`;
      const count = (o: Outcome) => sql<number | string>`sum(case when h.outcome = ${o} then 1 else 0 end)`;
      const rows = await db
        .selectFrom('rating_history as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select([
          'h.user_id',
          'u.username',
          'u.display_name',
          last('rating_after').as('rating'),
          last('experience').as('experience'),
          sql<number | string>`sum(h.rating_after - h.rating_before)`.as('gained'),
          sql<number | string>`count(*)`.as('games'),
          count('win').as('wins'),
          count('loss').as('losses'),
          count('draw').as('draws'),
        ])
        .where(inPeriod)
        .where('u.is_guest', '=', 0)
        .groupBy(['h.user_id', 'u.username', 'u.display_name'])
        .orderBy(sql`rating`, 'desc')
        .orderBy(sql`games`, 'desc')
        .orderBy('h.user_id')
        .limit(l.value)
        .execute();
      return storeOk(
        rows.map((r) => ({
          userId: r.user_id,
          username: r.username,
          displayName: r.display_name,
          rating: num(r.rating),
          experience: num(r.experience),
          gained: Math.round(num(r.gained) * 100) / 100,
          games: num(r.games),
          wins: num(r.wins),
          losses: num(r.losses),
          draws: num(r.draws),
        })),
      );
    });
  }
}
