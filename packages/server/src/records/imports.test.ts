import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameRecordResponse, ImportedGame, ImportList, UserGames } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import { instantAnalyser } from '../analysis/fake-analyser.suite.js';
import { STORE_KINDS, world, type World } from '../games/kit.suite.js';
import { MAT_IMPORT_LIMIT } from './imports.js';

/**
 * Uploaded `.mat` files (issue 41 items 3 and 5) through the production wiring: a file gnubg exported becomes a stored,
 * finished, unrated match that its uploader (and his watch token) may read and have analysed; a broken file names its
 * line and stores nothing; imports count for no one's record or rating.
 */

const fixture = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../engine/test/fixtures/mat/${name}`, import.meta.url)), 'utf8');
const GNUBG_5PT = fixture('gnubg-5pt-crawford.mat');

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

const cookie = (name: string) => ({ cookie: `${SESSION_COOKIE}=${w!.tokens[name]}` });
const get = (url: string, name?: string) => w!.app.http.inject({ method: 'GET', url, headers: name ? cookie(name) : {} });
const upload = (body: string, name: string | null = 'alice', file = 'gnubg-5pt-crawford.mat', ip = '10.0.0.1') =>
  w!.app.http.inject({
    method: 'POST',
    url: `/api/imports?name=${encodeURIComponent(file)}`,
    headers: { 'content-type': 'text/plain', ...(name ? cookie(name) : {}) },
    payload: body,
    remoteAddress: ip,
  });

async function countGames(): Promise<number> {
  const list = await w!.store.listImports(w!.users['alice']!.userId, 100);
  if (!list.ok) throw new Error(list.error.message);
  return list.value.length;
}

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('a gnubg .mat uploads as a finished, unrated match of its uploader, which he has analysed', async () => {
    w = await world(kind, { analyser: instantAnalyser });
    const r = await upload(GNUBG_5PT);
    expect(r.statusCode).toBe(201);
    const imported = r.json() as ImportedGame;
    expect(imported).toMatchObject({ names: { p1: 'gnubg', p2: 'root' }, variant: 'short', matchLength: 5 });
    const record = (await get(`/api/games/${imported.gameId}`, 'alice')).json() as GameRecordResponse;
    expect(record.game).toMatchObject({
      status: 'finished',
      rated: false,
      seats: { p1: { name: 'gnubg', imported: true }, p2: { name: 'root', imported: true } },
      imported: { fileName: 'gnubg-5pt-crawford.mat', playedAt: Date.UTC(2026, 11, 5) },
    });
    expect('actions' in record && record.actions.length).toBeGreaterThan(100);
    expect('result' in record && record.result?.score).toEqual(imported.score);

    const asked = await w.app.http.inject({ method: 'POST', url: `/api/games/${imported.gameId}/analysis`, headers: cookie('alice'), payload: { ply: 0 } });
    expect(asked.statusCode).toBe(202);
    let analysis: { status: string; result: unknown } = { status: 'queued', result: null };
    for (let i = 0; i < 200 && analysis.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      analysis = (await get(`/api/games/${imported.gameId}/analysis?ply=0`, 'alice')).json() as typeof analysis;
    }
    expect(analysis).toMatchObject({ status: 'done', result: { names: { p1: 'gnubg', p2: 'root' } } });

    // No seed to check its dice against; the download names the file's players.
    expect((await get(`/api/games/${imported.gameId}/dice`, 'alice')).statusCode).toBe(409);
    expect((await get(`/api/games/${imported.gameId}/mat`, 'alice')).body).toContain('; [Player 1 "gnubg"]');
    const mine = (await get('/api/me/imports', 'alice')).json() as ImportList;
    expect(mine.imports).toEqual([expect.objectContaining({ gameId: imported.gameId, fileName: 'gnubg-5pt-crawford.mat', watchToken: imported.watchToken })]);
    expect(((await get('/api/me/imports', 'bob')).json() as ImportList).imports).toEqual([]);
  });

  it("only the uploader and his watch token's holders read an imported match", async () => {
    w = await world(kind);
    const { gameId, watchToken } = (await upload(GNUBG_5PT)).json() as ImportedGame;
    for (const r of [await get(`/api/games/${gameId}`), await get(`/api/games/${gameId}`, 'carol'), await get(`/api/games/${gameId}/mat`, 'carol')]) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ error: { code: 'PRIVATE_GAME' } });
    }
    const analyse = await w.app.http.inject({ method: 'POST', url: `/api/games/${gameId}/analysis`, headers: cookie('carol'), payload: {} });
    expect(analyse.json()).toMatchObject({ error: { code: 'PRIVATE_GAME' } });
    expect((await get(`/api/games/${gameId}?watch=${watchToken}`, 'carol')).statusCode).toBe(200);
    expect((await get(`/api/games/${gameId}?watch=${watchToken}`)).statusCode).toBe(200);
  });

  it('a broken file names its line and stores nothing; signed out, too large or too many are refused', async () => {
    w = await world(kind);
    const broken = GNUBG_5PT.replace('24/18 13/11', '24/18 13/10');
    const r = await upload(broken);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: { code: 'ILLEGAL_TURN', line: 7, message: expect.stringContaining('line 7:') } });
    const unknown = await upload(GNUBG_5PT.replace(' 5 point match', ' 5 point match\n what is this'));
    expect(unknown.json()).toMatchObject({ error: { code: 'BAD_NOTATION', line: 4 } });
    expect(await countGames()).toBe(0);
    expect((await upload(GNUBG_5PT, null)).statusCode).toBe(401);
    expect((await upload(`; ${'x'.repeat(MAT_IMPORT_LIMIT)}\n${GNUBG_5PT}`)).statusCode).toBe(413);
    expect(await countGames()).toBe(0);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await upload(fixture('gnubg-3pt-drop.mat'), 'bob', 'x.mat', '10.0.0.9')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('an imported match is in no one’s games, ratings or lobby', async () => {
    w = await world(kind);
    const { gameId } = (await upload(GNUBG_5PT)).json() as ImportedGame;
    const games = (await get(`/api/users/${w.users['alice']!.userId}/games`, 'alice')).json() as UserGames;
    expect(games.games).toEqual([]);
    expect(games.stats ?? []).toEqual([]);
    expect(((await get('/api/leaderboard/short')).json() as { players: unknown[] }).players).toEqual([]);
    const active = await w.store.listActiveGames();
    expect(active.ok && active.value.map((g) => g.id)).not.toContain(gameId);
    const rating = await w.store.getRating(w.users['alice']!.userId, 'short');
    expect(rating.ok).toBe(false);
  });
});
