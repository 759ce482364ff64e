import { defaultMatchSettings } from '@nardy/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { KyselyStore } from './kysely-store.js';
import { fillExperience, migrateToLatest } from './migrations.js';
import { PG_URL, pgSchema } from './pg.suite.js';
import { must, newGame } from './store.suite.js';
import type { RatingPlan, Store } from './types.js';

/** Migration 0008 gives the ratings already there their experience: the lengths of the rated matches counted, a money session 1. */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function open(kind: string): Promise<Database> {
  if (kind === 'SQLite') return must(await openDatabase(':memory:'));
  const { schema, drop } = await pgSchema(PG_URL!);
  cleanups.push(drop);
  return must(await openDatabase(PG_URL!, { schema }));
}

const KINDS = PG_URL !== undefined ? ['SQLite', 'PostgreSQL'] : ['SQLite'];

describe.each(KINDS)('0008 on %s', (kind) => {
  it('fills experience from the rated games counted: a match its length, a money session 1, unrated ones nothing', async () => {
    const d = await open(kind);
    must(await migrateToLatest(d.db, { dialect: d.dialect, ...(d.schema !== undefined ? { schema: d.schema } : {}) }));
    const s: Store = new KyselyStore(d);
    const [a, b] = [
      must(await s.createUser({ username: 'anna', passwordHash: 'h', createdAt: 1 })).id,
      must(await s.createUser({ username: 'boris', passwordHash: 'h', createdAt: 1 })).id,
    ];
    const plan: RatingPlan = {
      players: [
        { userId: a, outcome: 'win' },
        { userId: b, outcome: 'loss' },
      ],
      start: { rating: 1500, experience: 0 },
      rate: ([x, y]) => [x, y],
    };
    const play = async (matchLength: number, rated: boolean) => {
      const settings = { ...defaultMatchSettings('short'), matchLength };
      const g = must(await s.createGame(newGame({ status: 'active', settings, rated, p1: { userId: a }, p2: { userId: b } })));
      must(await s.finishGame(g.id, { status: 'finished', result: null, finishedAt: 10, rating: rated ? plan : null }));
    };
    await play(5, true);
    await play(0, true);
    await play(7, false);
    // As a database from before 0008 had them: no experience yet.
    await d.db.updateTable('ratings').set({ experience: 0 }).execute();
    await fillExperience(d.db);
    expect(must(await s.getRating(a, 'short')).experience).toBe(6);
    expect(must(await s.getRating(b, 'short')).experience).toBe(6);
    await s.close();
  });
});
