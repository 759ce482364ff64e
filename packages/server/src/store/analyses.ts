import type { Kysely } from 'kysely';
import { fromJson, num, toJson } from './common.js';
import { guarded } from './errors.js';
import type { DB } from './schema.js';
import { storeErr, storeOk, type AnalysisRecord, type AnalysisRequest, type AnalysisStatus, type AnalysisStore, type Json, type StoreResult } from './types.js';

/** A person's request runs before automatic ones (`priority`). */
const PERSON = 0;
const AUTOMATIC = 1;

type Row = {
  game_id: string;
  ply: number | string;
  status: string;
  priority: number | string;
  requested_by: string | null;
  done: number | string;
  total: number | string;
  result: string | null;
  error: string | null;
  requested_at: number | string;
  started_at: number | string | null;
  finished_at: number | string | null;
};

const fromRow = (r: Row): AnalysisRecord => ({
  gameId: r.game_id,
  ply: num(r.ply),
  status: r.status as AnalysisStatus,
  priority: num(r.priority),
  requestedBy: r.requested_by,
  done: num(r.done),
  total: num(r.total),
  result: r.result === null ? null : fromJson(r.result),
  error: r.error,
  requestedAt: num(r.requested_at),
  startedAt: r.started_at === null ? null : num(r.started_at),
  finishedAt: r.finished_at === null ? null : num(r.finished_at),
});

/** `AnalysisStore` (store/types.ts) on the store's database (SQLite or PostgreSQL, the same queries). */
export class KyselyAnalyses implements AnalysisStore {
  constructor(
    private readonly db: () => Kysely<DB>,
    private readonly closed: () => boolean,
  ) {}

  #run<T>(fn: (db: Kysely<DB>) => Promise<StoreResult<T>>): Promise<StoreResult<T>> {
    return guarded(this.closed, this.db, fn, 'no such game');
  }

  requestAnalysis(req: AnalysisRequest): Promise<StoreResult<{ readonly job: AnalysisRecord; readonly created: boolean }>> {
    return this.#run((db) =>
      db.transaction().execute(async (trx) => {
        const priority = req.requestedBy === null ? AUTOMATIC : PERSON;
        // Two requests at once: the second's insert does nothing and it joins the first's job.
        const inserted = await trx
          .insertInto('analyses')
          .values({
            game_id: req.gameId,
            ply: req.ply,
            status: 'queued',
            priority,
            requested_by: req.requestedBy,
            done: 0,
            total: 0,
            result: null,
            error: null,
            requested_at: req.at,
            started_at: null,
            finished_at: null,
          })
          .onConflict((oc) => oc.columns(['game_id', 'ply']).doNothing())
          .executeTakeFirst();
        let created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
        if (!created) {
          const again = await trx
            .updateTable('analyses')
            .set({
              status: 'queued',
              priority,
              requested_by: req.requestedBy,
              done: 0,
              total: 0,
              error: null,
              requested_at: req.at,
              started_at: null,
              finished_at: null,
            })
            .where('game_id', '=', req.gameId)
            .where('ply', '=', req.ply)
            .where('status', '=', 'failed')
            .executeTakeFirst();
          created = Number(again.numUpdatedRows) > 0;
          if (!created && priority === PERSON) {
            await trx
              .updateTable('analyses')
              .set({ priority: PERSON, requested_by: req.requestedBy })
              .where('game_id', '=', req.gameId)
              .where('ply', '=', req.ply)
              .where('priority', '=', AUTOMATIC)
              .where('status', '=', 'queued')
              .execute();
          }
        }
        const row = await trx.selectFrom('analyses').selectAll().where('game_id', '=', req.gameId).where('ply', '=', req.ply).executeTakeFirstOrThrow();
        return storeOk({ job: fromRow(row), created });
      }),
    );
  }

  getAnalysis(gameId: string, ply: number): Promise<StoreResult<AnalysisRecord>> {
    return this.#run(async (db) => {
      const row = await db.selectFrom('analyses').selectAll().where('game_id', '=', gameId).where('ply', '=', ply).executeTakeFirst();
      return row ? storeOk(fromRow(row)) : storeErr('NOT_FOUND', `no analysis of game ${gameId} at ${ply}-ply`);
    });
  }

  nextQueuedAnalysis(): Promise<StoreResult<AnalysisRecord | null>> {
    return this.#run(async (db) => {
      const row = await db
        .selectFrom('analyses')
        .selectAll()
        .where('status', '=', 'queued')
        .orderBy('priority')
        .orderBy('requested_at')
        .orderBy('game_id')
        .limit(1)
        .executeTakeFirst();
      return storeOk(row ? fromRow(row) : null);
    });
  }

  startAnalysis(gameId: string, ply: number, at: number): Promise<StoreResult<void>> {
    return this.#run(async (db) => {
      const r = await db
        .updateTable('analyses')
        .set({ status: 'running', started_at: at, done: 0, total: 0 })
        .where('game_id', '=', gameId)
        .where('ply', '=', ply)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0 ? storeOk(undefined) : storeErr('CONFLICT', 'the job is no longer queued');
    });
  }

  progressAnalysis(gameId: string, ply: number, done: number, total: number): Promise<StoreResult<void>> {
    return this.#run(async (db) => {
      await db.updateTable('analyses').set({ done, total }).where('game_id', '=', gameId).where('ply', '=', ply).where('status', '=', 'running').execute();
      return storeOk(undefined);
    });
  }

  endAnalysis(gameId: string, ply: number, end: { readonly result: Json } | { readonly error: string }, at: number): Promise<StoreResult<void>> {
    return this.#run(async (db) => {
      let set: { status: AnalysisStatus; result: string | null; error: string | null; finished_at: number };
      if ('result' in end) {
        const json = toJson(end.result, 'the analysis');
        if (!json.ok) return json;
        set = { status: 'done', result: json.value, error: null, finished_at: at };
      } else set = { status: 'failed', result: null, error: end.error.slice(0, 1000), finished_at: at };
      const r = await db
        .updateTable('analyses')
        .set(set)
        .where('game_id', '=', gameId)
        .where('ply', '=', ply)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0 ? storeOk(undefined) : storeErr('CONFLICT', 'the job is not running');
    });
  }

  requeueAnalyses(only?: { readonly gameId: string; readonly ply: number }): Promise<StoreResult<number>> {
    return this.#run(async (db) => {
      let q = db.updateTable('analyses').set({ status: 'queued', started_at: null }).where('status', '=', 'running');
      if (only) q = q.where('game_id', '=', only.gameId).where('ply', '=', only.ply);
      const r = await q.executeTakeFirst();
      return storeOk(Number(r.numUpdatedRows));
    });
  }

  countPendingAnalyses(userId?: string): Promise<StoreResult<number>> {
    return this.#run(async (db) => {
      let q = db
        .selectFrom('analyses')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', 'in', ['queued', 'running']);
      if (userId !== undefined) q = q.where('requested_by', '=', userId);
      const r = await q.executeTakeFirstOrThrow();
      return storeOk(num(r.n));
    });
  }
}
