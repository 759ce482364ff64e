import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nameKey } from './common.js';
import { openDatabase, type Database } from './database.js';
import { KyselyStore } from './kysely-store.js';
import { migrateTo, migrateToLatest } from './migrations.js';
import { PG_URL, pgSchema } from './pg.suite.js';
import { expectStoreError, must } from './store.suite.js';

/**
 * Issue 40 item 21 in the store, on SQLite and PostgreSQL: look-alike names across scripts share a key, unique among
 * registered users; a database from before (v5) with look-alike names already in it migrates without losing anyone.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function sqliteDb(): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-names-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return must(await openDatabase(join(dir, 'nardy.db')));
}

async function pgDb(url: string): Promise<Database> {
  const { schema, drop } = await pgSchema(url);
  cleanups.push(drop);
  return must(await openDatabase(url, { schema }));
}

const migrate = async (d: Database) => must(await migrateToLatest(d.db, { dialect: d.dialect, ...(d.schema !== undefined ? { schema: d.schema } : {}) }));

/** A database as it was before `0006_name_keys` (v5): no unique key, no username key. */
const migrateToV5 = async (d: Database) =>
  must(await migrateTo(d.db, { dialect: d.dialect, ...(d.schema !== undefined ? { schema: d.schema } : {}) }, '0005_analyses'));

const KINDS: [string, () => Promise<Database>][] = [['SQLite', sqliteDb]];
const pgUrl = PG_URL;
if (pgUrl !== undefined) KINDS.push(['PostgreSQL', () => pgDb(pgUrl)]);

describe.each(KINDS)('%s', (_, open) => {
  it('a display name like another user’s in another script is a duplicate; guests’ generated names may repeat', async () => {
    const d = await open();
    await migrate(d);
    const s = new KyselyStore(d);
    const alice = must(await s.createUser({ username: 'alice', passwordHash: 'h', createdAt: 1 }));
    const bob = must(await s.createUser({ username: 'bob', passwordHash: 'h', createdAt: 2 }));
    // Cyrillic 'а' and 'о', a digit one for an 'l': the same key, found by name and refused by the unique key.
    expect(must(await s.findUsersNamedLike('\u0430lice'))).toEqual([alice.id]);
    expect(must(await s.findUsersNamedLike('a1ice'))).toEqual([alice.id]);
    expect(must(await s.findUsersNamedLike('B\u043Eb'))).toEqual([bob.id]);
    expectStoreError(await s.updateUser(bob.id, { displayName: '\u0430lice' }), 'DUPLICATE');
    // A username counts after a rename too.
    must(await s.updateUser(alice.id, { displayName: 'Alice K.' }));
    expect(must(await s.findUsersNamedLike('\u0410LICE'))).toEqual([alice.id]);
    expectStoreError(await s.createUser({ username: '\u0430lice k.', passwordHash: 'h', createdAt: 3 }), 'DUPLICATE');
    for (const id of ['g1', 'g2'])
      must(await s.createUser({ id, username: `guest-${id}`, displayName: 'Guest 1a2b', passwordHash: null, isGuest: true, createdAt: 4 }));
    await s.close();
  });

  it('an old database with look-alike names migrates: the oldest keeps the key, the later ones keep their names', async () => {
    const d = await open();
    await migrateToV5(d);
    const row = (id: string, name: string, at: number, guest = 0) => ({
      id,
      username: `${id}-user`,
      username_key: `${id}-user`,
      display_name: name,
      display_key: name.toLowerCase(),
      password_hash: guest ? null : 'h',
      language: 'en',
      preferred_settings: '{}',
      is_guest: guest,
      created_at: at,
    });
    // As the v3 key let them in: Latin, Cyrillic 'а', and fullwidth (one v3 key with the first).
    await d.db
      .insertInto('users')
      .values([
        row('u2', '\u0430lice', 20),
        row('u1', 'alice', 10),
        row('u3', 'ＡＬＩＣＥ', 30),
        row('g1', 'Guest 1a2b', 5, 1),
        row('g2', 'Guest 1a2b', 6, 1),
      ] as never)
      .execute();
    // Later migrations follow; these two must come first.
    expect((await migrate(d)).slice(0, 2)).toEqual(['0006_name_keys', '0007_imports']);
    const keys = await d.db.selectFrom('users').select(['id', 'display_key', 'username_display_key']).orderBy('id').execute();
    expect(keys).toEqual([
      { id: 'g1', display_key: nameKey('Guest 1a2b'), username_display_key: nameKey('g1-user') },
      { id: 'g2', display_key: nameKey('Guest 1a2b'), username_display_key: nameKey('g2-user') },
      { id: 'u1', display_key: 'alice', username_display_key: nameKey('u1-user') },
      { id: 'u2', display_key: 'alice\u0001u2', username_display_key: nameKey('u2-user') },
      { id: 'u3', display_key: 'alice\u0001u3', username_display_key: nameKey('u3-user') },
    ]);
    const s = new KyselyStore(d);
    expect(must(await s.findUserById('u2')).displayName).toBe('\u0430lice');
    expect(must(await s.findUsersNamedLike('alice'))).toEqual(['u1']);
    // The later ones must now pick a free name; the unique key holds.
    expectStoreError(await s.updateUser('u3', { displayName: 'Alice' }), 'DUPLICATE');
    expect(must(await s.updateUser('u3', { displayName: 'Alice III' })).displayName).toBe('Alice III');
    await s.close();
  });
});
