import { afterEach, describe, expect, it } from 'vitest';
import type { Fence } from '../cluster/leases.js';
import type { LogEntry } from '../game/log.js';
import { openStore, type KyselyStore } from '../store/kysely-store.js';
import { must, newGame } from '../store/store.suite.js';
import { StoreActionLog } from './store-log.js';

const T0 = 1_700_000_000_000;
const entry = (seq: number): LogEntry => ({ seq, action: { type: 'opening', dice: { p1: 5, p2: 2 } }, by: 'server', at: T0, usedMs: 0, clock: null });

describe('StoreActionLog with a fence (issue 43)', () => {
  let store: KyselyStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('names the fence at each call: FENCED once another instance took the game over, the new owner appends', async () => {
    const s = (store = must(await openStore(':memory:')));
    const g = must(await s.createGame(newGame({ status: 'active' }))).id;
    await s.cluster.heartbeat('a', T0);
    let fenceA: Fence | null = null;
    const logA = new StoreActionLog(s, () => fenceA);
    const a = (await s.cluster.claim(`game:${g}`, 'a', T0, 3000))!;
    fenceA = { owner: a.owner, token: a.fence };
    expect(await logA.append(g, 1, entry(1))).toEqual({ ok: true });

    await s.cluster.heartbeat('b', T0 + 5000);
    const b = (await s.cluster.claim(`game:${g}`, 'b', T0 + 5000, 3000))!;
    const logB = new StoreActionLog(s, () => ({ owner: b.owner, token: b.fence }));
    expect(await logA.append(g, 2, entry(2))).toMatchObject({ ok: false, code: 'FENCED', message: expect.stringMatching(/held by b/) });
    expect(await logA.abort(g, T0)).toMatchObject({ ok: false, code: 'FENCED' });
    expect(await logB.append(g, 2, entry(2))).toEqual({ ok: true });
    expect(await logB.append(g, 2, entry(2))).toMatchObject({ ok: false, code: 'SEQ_CONFLICT' });
    expect((await logB.load(g)).map((e) => e.seq)).toEqual([1, 2]);
    expect(await logB.abort(g, T0)).toEqual({ ok: true });
  });

  it('without a fence appends as on one instance', async () => {
    const s = (store = must(await openStore(':memory:')));
    const g = must(await s.createGame(newGame({ status: 'active' }))).id;
    const log = new StoreActionLog(s);
    expect(await log.append(g, 1, entry(1))).toEqual({ ok: true });
    await s.close();
    expect(await log.append(g, 2, entry(2))).toMatchObject({ ok: false, code: 'STORE_FAILED' });
  });
});
