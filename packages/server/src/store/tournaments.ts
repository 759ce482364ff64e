import { sql, type Kysely, type Transaction } from 'kysely';
import { fromJson, num, randomId } from './common.js';
import { guarded } from './errors.js';
import type { DB } from './schema.js';
import {
  HOUSE_ACCOUNT,
  freeAccount,
  heldAccount,
  storeErr,
  storeOk,
  type Json,
  type NewTournament,
  type Registration,
  type StoreResult,
  type TournamentEntry,
  type TournamentGame,
  type TournamentRecord,
  type TournamentStatus,
  type TournamentStore,
} from './types.js';

/**
 * Tournaments (issue 42) on the store's database: the tournament row with the format's state, its players with the
 * buy-in each paid, and the game of each pairing with its result. Every change that touches chips or the state is one
 * transaction, and the conditional ones (a result, the start, the end, a cancellation) check the row they change, so a
 * second attempt changes nothing.
 *
 * Chips: the buy-in is a `hold` from the player's free chips to his held ones (as a table's stake, with no game);
 * leaving before the start or a cancellation `release`s it; at the end every buy-in is `settle`d to the house and the
 * prizes are `settle`d from the house to the winners' free chips, so the house keeps what is not paid out.
 */

type TournamentRow = DB['tournaments'];

const maybe = (x: number | string | null): number | null => (x === null ? null : num(x));

const fromRow = (r: TournamentRow): TournamentRecord => ({
  id: r.id,
  name: r.name,
  format: r.format,
  terms: fromJson(r.terms),
  status: r.status as TournamentStatus,
  createdBy: r.created_by,
  scheduleKey: r.schedule_key,
  state: r.state === null ? null : fromJson(r.state),
  startsAt: maybe(r.starts_at),
  createdAt: num(r.created_at),
  startedAt: maybe(r.started_at),
  finishedAt: maybe(r.finished_at),
});

/** Changes a tournament that is `from` (so a second attempt changes nothing): false when it is not. */
async function change(db: Kysely<DB>, id: string, from: TournamentStatus, set: Partial<Omit<TournamentRow, 'id'>>): Promise<boolean> {
  const r = await db.updateTable('tournaments').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Saves the format's state of a running tournament: false when it is not running. */
const putState = (db: Kysely<DB>, id: string, state: Json): Promise<boolean> => change(db, id, 'running', { state: JSON.stringify(state) });

/** One chip movement (two legs), as the store's other movements: false when the source cannot pay. */
async function move(trx: Transaction<DB>, kind: 'hold' | 'release' | 'settle', from: string, to: string, amount: number, at: number): Promise<boolean> {
  if (amount <= 0) return true;
  let debit = trx
    .updateTable('chip_accounts')
    .set({ balance: sql<number>`balance - ${amount}` })
    .where('id', '=', from);
  if (from !== HOUSE_ACCOUNT) debit = debit.where('balance', '>=', amount);
  const paid = await debit.executeTakeFirst();
  if (Number(paid.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('chip_accounts')
    .set({ balance: sql<number>`balance + ${amount}` })
    .where('id', '=', to)
    .executeTakeFirstOrThrow();
  const movement = randomId();
  await trx
    .insertInto('chip_entries')
    .values([
      { movement, account: from, amount: -amount, kind, game_id: null, created_at: at },
      { movement, account: to, amount, kind, game_id: null, created_at: at },
    ])
    .execute();
  return true;
}

/** The store's tournaments (`Store.tournaments`). */
export class KyselyTournaments implements TournamentStore {
  constructor(
    private readonly db: () => Kysely<DB>,
    private readonly closed: () => boolean,
  ) {}

  #run<T>(fn: (db: Kysely<DB>) => Promise<StoreResult<T>>): Promise<StoreResult<T>> {
    return guarded(this.closed, this.db, fn, 'no such tournament, user or game');
  }

  /** DUPLICATE when the schedule already made this occurrence. */
  create(t: NewTournament): Promise<StoreResult<TournamentRecord>> {
    return this.#run(async (db) => {
      const row: TournamentRow = {
        id: `t_${randomId()}`,
        name: t.name,
        format: t.format,
        terms: JSON.stringify(t.terms),
        status: 'registering',
        created_by: t.createdBy,
        schedule_key: t.scheduleKey ?? null,
        state: null,
        starts_at: t.startsAt,
        created_at: t.createdAt,
        started_at: null,
        finished_at: null,
      };
      await db.insertInto('tournaments').values(row).execute();
      return storeOk(fromRow(row));
    });
  }

  get(id: string): Promise<StoreResult<TournamentRecord>> {
    return this.#run(async (db) => {
      const r = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? storeOk(fromRow(r)) : storeErr('NOT_FOUND', `no tournament ${id}`);
    });
  }

  /** Upcoming soonest first (sit-and-go last), the others newest first. */
  list(statuses: readonly TournamentStatus[], limit: number): Promise<StoreResult<readonly TournamentRecord[]>> {
    return this.#run(async (db) => {
      let q = db
        .selectFrom('tournaments')
        .selectAll()
        .where('status', 'in', [...statuses]);
      q = statuses.includes('registering')
        ? q
            .orderBy(sql`starts_at is null`)
            .orderBy('starts_at')
            .orderBy('created_at')
        : q.orderBy('created_at', 'desc');
      const rows = await q.limit(limit).execute();
      return storeOk(rows.map(fromRow));
    });
  }

  /** How many tournaments the user made that have not started yet (the creation limit). */
  countUpcomingBy(userId: string): Promise<StoreResult<number>> {
    return this.#run(async (db) => {
      const r = await db
        .selectFrom('tournaments')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .where('created_by', '=', userId)
        .where('status', '=', 'registering')
        .executeTakeFirstOrThrow();
      return storeOk(num(r.n));
    });
  }

  /** The finished tournaments the user played in (withdrawn or not), newest first: his profile's count. */
  finishedOf(userId: string): Promise<StoreResult<readonly TournamentRecord[]>> {
    return this.#run(async (db) => {
      const rows = await db
        .selectFrom('tournaments')
        .innerJoin('tournament_players', 'tournament_players.tournament_id', 'tournaments.id')
        .selectAll('tournaments')
        .where('tournament_players.user_id', '=', userId)
        .where('tournaments.status', '=', 'finished')
        .orderBy('tournaments.created_at', 'desc')
        .execute();
      return storeOk(rows.map(fromRow));
    });
  }

  players(id: string): Promise<StoreResult<readonly TournamentEntry[]>> {
    return this.#run(async (db) => {
      const rows = await db.selectFrom('tournament_players').selectAll().where('tournament_id', '=', id).orderBy('registered_at').orderBy('user_id').execute();
      return storeOk(
        rows.map((r) => ({
          userId: r.user_id,
          bot: r.bot,
          rating: r.rating,
          status: r.status as TournamentEntry['status'],
          paid: num(r.paid),
          prize: num(r.prize),
          registeredAt: num(r.registered_at),
        })),
      );
    });
  }

  games(id: string): Promise<StoreResult<readonly TournamentGame[]>> {
    return this.#run(async (db) => {
      const rows = await db.selectFrom('tournament_games').selectAll().where('tournament_id', '=', id).orderBy('created_at').execute();
      return storeOk(rows.map((r) => ({ pairingId: r.pairing_id, gameId: r.game_id, result: r.result === null ? null : fromJson(r.result) })));
    });
  }

  /**
   * Registers a player while the tournament takes registrations and has room, holding `buyIn` of his free chips (his
   * chips account must be open: `openChips`). A bot entrant (`bot`) pays nothing.
   */
  register(
    id: string,
    p: { readonly userId: string; readonly bot?: string; readonly rating: number; readonly buyIn: number; readonly maxPlayers: number; readonly at: number },
  ): Promise<StoreResult<Registration>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        const t = await trx.selectFrom('tournaments').select('status').where('id', '=', id).executeTakeFirst();
        if (!t) return storeErr('NOT_FOUND', `no tournament ${id}`);
        if (t.status !== 'registering') return storeOk('started' as const);
        const mine = await trx
          .selectFrom('tournament_players')
          .select('user_id')
          .where('tournament_id', '=', id)
          .where('user_id', '=', p.userId)
          .executeTakeFirst();
        if (mine) return storeOk('already' as const);
        const n = await trx
          .selectFrom('tournament_players')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .where('tournament_id', '=', id)
          .executeTakeFirstOrThrow();
        if (num(n.n) >= p.maxPlayers) return storeOk('full' as const);
        const paid = p.bot === undefined ? p.buyIn : 0;
        if (!(await move(trx, 'hold', freeAccount(p.userId), heldAccount(p.userId), paid, p.at))) return storeOk('chips' as const);
        await trx
          .insertInto('tournament_players')
          .values({ tournament_id: id, user_id: p.userId, bot: p.bot ?? null, rating: p.rating, status: 'registered', paid, prize: 0, registered_at: p.at })
          .execute();
        return storeOk('registered' as const);
      }),
    );
  }

  /** Before the start: the player leaves and his buy-in comes back. False when he was not in or it has started. */
  leave(id: string, userId: string, at: number): Promise<StoreResult<boolean>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        const t = await trx.selectFrom('tournaments').select('status').where('id', '=', id).executeTakeFirst();
        if (t?.status !== 'registering') return storeOk(false);
        const row = await trx.selectFrom('tournament_players').select('paid').where('tournament_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        if (!row) return storeOk(false);
        await trx.deleteFrom('tournament_players').where('tournament_id', '=', id).where('user_id', '=', userId).execute();
        await move(trx, 'release', heldAccount(userId), freeAccount(userId), num(row.paid), at);
        return storeOk(true);
      }),
    );
  }

  /** A running tournament: the player withdraws (his buy-in stays in the pool) and the format's state is saved with it. */
  withdraw(id: string, userId: string, state: Json): Promise<StoreResult<boolean>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('tournament_players')
          .set({ status: 'withdrew' })
          .where('tournament_id', '=', id)
          .where('user_id', '=', userId)
          .where('status', '=', 'registered')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return storeOk(false);
        await putState(trx, id, state);
        return storeOk(true);
      }),
    );
  }

  /** Calls it off before the start (`registering` only): every buy-in comes back. False when it was not registering. */
  cancel(id: string, at: number): Promise<StoreResult<boolean>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        if (!(await change(trx, id, 'registering', { status: 'cancelled', finished_at: at }))) return storeOk(false);
        const players = await trx.selectFrom('tournament_players').select(['user_id', 'paid']).where('tournament_id', '=', id).execute();
        for (const p of players) await move(trx, 'release', heldAccount(p.user_id), freeAccount(p.user_id), num(p.paid), at);
        return storeOk(true);
      }),
    );
  }

  /** `registering` → `running` with the format's first state. False when it was not registering. */
  start(id: string, state: Json, at: number): Promise<StoreResult<boolean>> {
    return this.#run(async (db) => {
      return storeOk(await change(db, id, 'registering', { status: 'running', state: JSON.stringify(state), started_at: at }));
    });
  }

  /** Saves the format's state of a running tournament (pairings made, a withdrawal). */
  saveState(id: string, state: Json): Promise<StoreResult<boolean>> {
    return this.#run(async (db) => storeOk(await putState(db, id, state)));
  }

  /** The game started for a pairing, with the state that records the pairing as started. DUPLICATE for a second game. */
  addGame(id: string, pairingId: string, gameId: string, state: Json, at: number): Promise<StoreResult<true>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('tournament_games').values({ tournament_id: id, pairing_id: pairingId, game_id: gameId, result: null, created_at: at }).execute();
        await putState(trx, id, state);
        return storeOk(true as const);
      }),
    );
  }

  /**
   * A pairing's result with the state after it, in one transaction, only if the pairing has none yet: false (nothing
   * written) for a second submission.
   */
  recordResult(id: string, pairingId: string, result: Json, state: Json): Promise<StoreResult<boolean>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('tournament_games')
          .set({ result: JSON.stringify(result) })
          .where('tournament_id', '=', id)
          .where('pairing_id', '=', pairingId)
          .where('result', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return storeOk(false);
        await putState(trx, id, state);
        return storeOk(true);
      }),
    );
  }

  /**
   * `running` → `finished` with the final state: every buy-in goes to the house, and the prizes from it to the
   * winners' free chips, in one transaction. False when it was not running (it is paid once).
   */
  finish(id: string, state: Json, prizes: readonly { readonly userId: string; readonly amount: number }[], at: number): Promise<StoreResult<boolean>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        if (!(await change(trx, id, 'running', { status: 'finished', state: JSON.stringify(state), finished_at: at }))) return storeOk(false);
        const players = await trx.selectFrom('tournament_players').select(['user_id', 'paid']).where('tournament_id', '=', id).execute();
        for (const p of players)
          if (!(await move(trx, 'settle', heldAccount(p.user_id), HOUSE_ACCOUNT, num(p.paid), at))) throw new Error(`${p.user_id}'s buy-in is not held`);
        for (const p of prizes) {
          await move(trx, 'settle', HOUSE_ACCOUNT, freeAccount(p.userId), p.amount, at);
          await trx.updateTable('tournament_players').set({ prize: p.amount }).where('tournament_id', '=', id).where('user_id', '=', p.userId).execute();
        }
        return storeOk(true);
      }),
    );
  }
}
