import { parseMat } from '@nardy/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import { acked, connect, lastView, playOut, recorded, settle, startTwoPlayerGame, STORE_KINDS, world, type World } from '../games/kit.suite.js';

/** `.mat` download of finished games (with the JSON record's access rule), through the production wiring (uploads: imports.test.ts). */

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

const cookie = (w: World, name: string) => ({ cookie: `${SESSION_COOKIE}=${w.tokens[name]}` });
const get = (w: World, url: string, headers: Record<string, string> = {}) => w.app.http.inject({ method: 'GET', url, headers });

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('a finished match downloads as a .mat that reads back to the stored actions; an unfinished one is refused', async () => {
    w = await world(kind);
    const { alice, bob, gameId } = await startTwoPlayerGame(w, { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 });
    expect((await get(w, `/api/games/${gameId}/mat`)).statusCode).toBe(409);
    await playOut(w, gameId, [alice, bob]);
    await recorded(w, gameId);
    const r = await get(w, `/api/games/${gameId}/mat`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="alice-vs-bob-\d{4}-\d\d-\d\d\.mat"; filename\*=UTF-8''alice-vs-bob-/);
    expect(r.body).toContain('; [Player 1 "Alice"]');
    expect(r.body).toContain(' 1 point match');
    const parsed = parseMat(r.body);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const record = (await get(w, `/api/games/${gameId}`)).json() as { actions: { action: unknown }[]; result: { score: unknown } };
    expect(parsed.value.actions).toEqual(record.actions.map((a) => a.action));
    expect(parsed.value.state.phase).toBe('matchOver');
    expect((await get(w, '/api/games/nope/mat')).statusCode).toBe(404);
  });

  it("a private game's .mat: its players and the watch token only", async () => {
    w = await world(kind);
    const alice = await connect(w, 'alice');
    const bob = await connect(w, 'bob');
    const created = await alice.command({ type: 'table.create', settings: { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 } });
    const token = created.type === 'ack' && created.result?.kind === 'table' ? created.result.token : '';
    const joined = await bob.command({ type: 'table.join', token });
    const gameId = joined.type === 'ack' && joined.result?.kind === 'game' ? joined.result.gameId : '';
    for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    const watch = lastView(alice, gameId).watchToken!;
    await playOut(w, gameId, [alice, bob]);
    await recorded(w, gameId);
    for (const r of [await get(w, `/api/games/${gameId}/mat`), await get(w, `/api/games/${gameId}/mat`, cookie(w, 'carol'))]) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ error: { code: 'PRIVATE_GAME' } });
    }
    expect((await get(w, `/api/games/${gameId}/mat`, cookie(w, 'bob'))).statusCode).toBe(200);
    expect((await get(w, `/api/games/${gameId}/mat?watch=${watch}`)).statusCode).toBe(200);
  });
});
