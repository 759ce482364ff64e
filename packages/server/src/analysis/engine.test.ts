import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import { acked, playOut, recorded, startTwoPlayerGame, world, type World } from '../games/kit.suite.js';

/**
 * The production analyser: @nardy/ai's analysis on a worker thread of its own (its built entry, as the server runs
 * it), through the whole wiring: a played match analysed at 0-ply, progress pushed, the `MatchAnalysis` stored.
 */

const WORKER = fileURLToPath(new URL('../../../ai/dist/node/analysis-worker.js', import.meta.url));

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

it.skipIf(!existsSync(WORKER))('a played match is analysed by the engine on its worker thread', { timeout: 60_000 }, async () => {
  w = await world('sqlite');
  const { alice, bob, gameId } = await startTwoPlayerGame(w, { match: { variant: 'short', matchLength: 1, cube: { enabled: false } }, rated: false, stake: 0 });
  await playOut(w, gameId, [alice, bob]);
  await recorded(w, gameId);
  acked(await alice.command({ type: 'analysis.request', gameId, ply: 0 }));
  await alice.waitFor((m) => m.type === 'analysis.progress' && m.done > 0 && m.total > 0, 0, 30_000);
  await alice.waitFor((m) => m.type === 'analysis.done' && m.gameId === gameId, 0, 50_000);
  const r = await w.app.http.inject({ method: 'GET', url: `/api/games/${gameId}/analysis?ply=0`, headers: { cookie: `${SESSION_COOKIE}=${w.tokens['bob']}` } });
  const body = r.json();
  expect(body).toMatchObject({ gameId, ply: 0, status: 'done', error: null, result: { variant: 'short', ply: 0 } });
  expect(body.done).toBe(body.total);
  expect(body.result.decisions.length).toBeGreaterThan(0);
  expect(body.result.players.map((p: { name: string }) => p.name)).toEqual(['Alice', 'Bob']);
});
