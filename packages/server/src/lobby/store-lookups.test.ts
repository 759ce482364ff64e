import { describe, expect, it } from 'vitest';
import type { Store } from '../store/types.js';
import { blockLookups } from './store-lookups.js';

/** A store that answers `listBlocks` from a table, counting reads; `down` makes reads fail. */
function fakeStore(table: Record<string, string[]>) {
  const s = { reads: 0, down: false };
  const store = {
    listBlocks: async (userId: string) => {
      s.reads++;
      return s.down ? { ok: false as const, error: { code: 'DB_UNAVAILABLE' as const, message: 'down' } } : { ok: true as const, value: table[userId] ?? [] };
    },
  } as unknown as Store;
  return { s, store };
}

describe('blockLookups', () => {
  it('reads a user’s blocks once (ahead when he connects), again after a change is told', async () => {
    const table: Record<string, string[]> = { alice: ['troll'] };
    const { s, store } = fakeStore(table);
    const b = blockLookups(store);
    b.readAhead('alice');
    expect(await b.isBlocked('alice', 'troll')).toBe(true);
    expect(await b.isBlocked('alice', 'bob')).toBe(false);
    expect(s.reads).toBe(1);
    table['alice'] = ['troll', 'bob'];
    expect(await b.isBlocked('alice', 'bob')).toBe(false);
    b.forget('alice');
    expect(await b.isBlocked('alice', 'bob')).toBe(true);
    expect(s.reads).toBe(2);
  });

  it('a failed read blocks nobody and is not kept; the oldest users go past the bound', async () => {
    const { s, store } = fakeStore({ alice: ['troll'] });
    const b = blockLookups(store, 2);
    s.down = true;
    expect(await b.isBlocked('alice', 'troll')).toBe(false);
    s.down = false;
    expect(await b.isBlocked('alice', 'troll')).toBe(true);
    await b.isBlocked('bob', 'x');
    await b.isBlocked('carol', 'x');
    const before = s.reads;
    await b.isBlocked('alice', 'troll');
    expect(s.reads).toBe(before + 1);
  });
});
