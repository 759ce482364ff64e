import { matchSettings, newMatch, apply, toAct, type Action, type Dice, type MatchSettingsInput, type MatchState } from '@nardy/engine';
import { firstChoice } from '@nardy/engine/testing';
import type { DiceReport, GameRecordResponse, UserGame, UserGames } from '@nardy/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { commitment, throwAt, type ClientSeeds } from '../game/dice.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { inProcessBots } from '../games/bots.js';
import type { Store } from '../store/index.js';
import { verifyGameDice } from './dice.js';

const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';
const SEEDS: ClientSeeds = { p1: 'client-a', p2: 'client-b' };

type Script = (s: MatchState) => Action | null;

/**
 * Plays a match with the engine: dice from the seeds (throw n, as the server throws them), the first legal turn,
 * takes and accepted resignations unless `script` says otherwise. `tamper(n, dice)` may change what is logged.
 */
function playMatch(input: MatchSettingsInput, script: Script = () => null, tamper?: (n: number, d: [number, number]) => [number, number]): Action[] {
  const s = newMatch(input);
  if (!s.ok) throw new Error(s.error.message);
  let state = s.value;
  const log: Action[] = [];
  let n = 0;
  const dice = (kind: 'opening' | 'roll'): Dice => {
    const d = throwAt(SEED, SEEDS, ++n, kind) as [number, number];
    return (tamper ? tamper(n, d) : d) as Dice;
  };
  while (state.phase !== 'matchOver') {
    if (log.length > 5000) throw new Error('the match does not end');
    const a = script(state) ?? firstChoice(state, dice);
    const r = apply(state, a!);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    state = r.value;
    log.push(a!);
  }
  return log;
}

let clock = 1_767_225_600_000;

/** Writes a played match into the store through its API, as the games side does. */
async function storeMatch(
  store: Store,
  input: MatchSettingsInput,
  p1: string,
  p2: string | { bot: string },
  log: readonly Action[],
  o: { rated?: boolean; finish?: boolean; serverSeed?: string } = {},
): Promise<string> {
  const settings = matchSettings(input);
  if (!settings.ok) throw new Error(settings.error.message);
  const g = await store.createGame({
    settings: settings.value,
    p1: { userId: p1 },
    p2: typeof p2 === 'string' ? { userId: p2 } : p2,
    status: 'active',
    seedCommitment: commitment(SEED),
    serverSeed: o.serverSeed ?? SEED,
    clientSeeds: { ...SEEDS },
    rated: o.rated ?? false,
    createdAt: clock,
  });
  if (!g.ok) throw new Error(g.error.message);
  for (let i = 0; i < log.length; i++) {
    const a = log[i]!;
    const r = await store.appendAction(g.value.id, i + 1, { action: a, seat: a.type === 'opening' ? null : a.seat, timeUsedMs: null, createdAt: clock + i });
    if (!r.ok) throw new Error(r.error.message);
  }
  if (o.finish !== false) {
    clock += 60_000;
    const f = await store.finishGame(g.value.id, { status: 'finished', result: { note: 'written by the games side' }, finishedAt: clock });
    if (!f.ok) throw new Error(f.error.message);
  }
  return g.value.id;
}

/** A response body as the route's declared type (@nardy/protocol's REST types). */
const json = <T>(r: LightMyRequestResponse): T => r.json() as T;

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  const e = json<{ error: { code: string; message: string } }>(res).error;
  expect(e.code).toBe(code);
  if (message) expect(e.message).toMatch(message);
}

describe('records routes', () => {
  let store: Store;
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url });

  beforeEach(async () => {
    // The server as `createApp` wires it, on SQLite in memory.
    const server = await createApp(loadConfig({ DATABASE_URL: ':memory:', WEB_DIST: '/nonexistent' }), { bots: inProcessBots(), logger: false });
    store = server.store;
    app = server.http;
    for (const [id, guest] of [
      ['alice', false],
      ['bob', false],
      ['carol', false],
      ['dave', false],
      ['gus', true],
    ] as const) {
      const r = await store.createUser({ id, username: id, displayName: id.toUpperCase(), passwordHash: null, isGuest: guest, createdAt: 1 });
      if (!r.ok) throw new Error(r.error.message);
    }
    return () => server.close();
  });

  it('lists a finished game with its result, newest first, with a cursor', async () => {
    // A 1-point long-nardy match played to a bear-off.
    const logA = playMatch({ variant: 'long', matchLength: 1 });
    const a = await storeMatch(store, { variant: 'long', matchLength: 1 }, 'alice', 'bob', logA);
    // A 3-point match with the cube: p1 doubles after the first turns, p2 takes, then p2 resigns a mars (2 × 2 = 4 ≥ 3).
    const input: MatchSettingsInput = { variant: 'long', matchLength: 3, cube: { enabled: true } };
    let doubled = false;
    const logB = playMatch(input, (s) => {
      const seat = toAct(s);
      if (!doubled && s.phase === 'turnStart' && seat === 'p1' && s.game.turnsPlayed >= 2) {
        doubled = true;
        return { type: 'double', seat };
      }
      if (doubled && s.phase === 'turnStart' && seat === 'p2') return { type: 'resign', seat, level: 'mars' };
      return null;
    });
    const b = await storeMatch(store, input, 'alice', { bot: 'bot-3' }, logB);

    const res = await get('/api/users/alice/games');
    expect(res.statusCode, res.body).toBe(200);
    const body = json<UserGames>(res);
    expect(body.games.map((g) => g.id)).toEqual([b, a]);
    const [gb, ga] = body.games as [UserGame, UserGame];
    expect(gb).toMatchObject({ variant: 'long', matchLength: 3, seat: 'p1', opponent: { bot: 'bot-3' }, outcome: 'win', status: 'finished' });
    expect(gb.result).toMatchObject({ winner: 'p1', reason: 'points', score: { p1: 4, p2: 0 } });
    expect(gb.result!.games).toEqual([{ number: 1, winner: 'p1', end: 'resign', kind: 'mars', cube: 2, basePoints: 2, points: { p1: 4, p2: 0 } }]);
    expect(ga.opponent).toEqual({ userId: 'bob', name: 'BOB', username: 'bob', guest: false });
    expect(ga.result!.games).toHaveLength(1);
    expect(ga.result!.games[0]).toMatchObject({ end: 'bearOff', cube: 1 });
    expect(['oin', 'mars', 'koks', 'single']).toContain(ga.result!.games[0]!.kind);
    expect(ga.outcome).toBe(ga.result!.winner === 'p1' ? 'win' : 'loss');

    // Bob sees the same game from his seat.
    const bobs = json<UserGames>(await get('/api/users/bob/games'));
    expect(bobs.games).toHaveLength(1);
    expect(bobs.games[0]).toMatchObject({ id: a, seat: 'p2', opponent: { userId: 'alice' }, outcome: ga.outcome === 'win' ? 'loss' : 'win' });

    // Pages.
    const p1 = json<UserGames>(await get('/api/users/alice/games?limit=1'));
    expect(p1.games.map((g) => g.id)).toEqual([b]);
    expect(typeof p1.next).toBe('string');
    const p2 = json<UserGames>(await get(`/api/users/alice/games?limit=1&before=${encodeURIComponent(p1.next!)}`));
    expect(p2.games.map((g) => g.id)).toEqual([a]);
    expect(p2.next).toBeNull();

    // The game's record: the action log replays to the same result; the seed is revealed.
    const rec = json<Extract<GameRecordResponse, { actions: unknown }>>(await get(`/api/games/${a}`));
    expect(rec.game).toMatchObject({
      id: a,
      status: 'finished',
      serverSeed: SEED,
      commitment: commitment(SEED),
      seats: { p1: { userId: 'alice' }, p2: { userId: 'bob' } },
    });
    expect(rec.actions.map((x) => x.action)).toEqual(logA);
    expect(rec.result).toEqual(ga.result);
  });

  it('a live game shows only what spectators may see; its dice are not checked yet', async () => {
    const log = playMatch({ variant: 'short', matchLength: 1 }).slice(0, 6);
    const id = await storeMatch(store, { variant: 'short', matchLength: 1 }, 'carol', 'dave', log, { finish: false });
    const res = await get(`/api/games/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<GameRecordResponse>(res);
    expect(body.game).toMatchObject({ status: 'active', commitment: commitment(SEED), version: 6 });
    expect('serverSeed' in body.game).toBe(false);
    expect('actions' in body).toBe(false);
    expect(JSON.stringify(body)).not.toContain(SEED);
    expect('progress' in body && body.progress).toMatchObject({ reason: null, score: { p1: 0, p2: 0 }, gameNumber: 1 });
    expectError(await get(`/api/games/${id}/dice`), 409, 'CONFLICT', /revealed when the match ends/);
    // Live games are not in the list of finished games.
    expect(json<UserGames>(await get('/api/users/carol/games')).games).toEqual([]);
  });

  it('dice verification: every throw recomputed; a tampered throw and a wrong seed are reported', async () => {
    const input: MatchSettingsInput = { variant: 'long', matchLength: 1 };
    const good = await storeMatch(store, input, 'alice', 'bob', playMatch(input));
    const res = await get(`/api/games/${good}/dice`);
    expect(res.statusCode, res.body).toBe(200);
    const report = json<DiceReport>(res);
    expect(report).toMatchObject({ gameId: good, ok: true, problem: null, serverSeed: SEED, commitment: commitment(SEED), clientSeeds: SEEDS });
    expect(report.throws.length).toBeGreaterThan(10);
    expect(report.throws[0]).toMatchObject({ n: 1, seq: 1, kind: 'opening' });
    expect(report.throws.every((t) => t.ok && t.dice.join() === t.expected?.join())).toBe(true);

    // Throw 5 logged differently from what the seed gives (still a legal game for the engine).
    const tampered = await storeMatch(
      store,
      input,
      'carol',
      'dave',
      playMatch(
        input,
        () => null,
        (n, d) => (n === 5 ? [d[0] === 6 ? 1 : d[0] + 1, d[1]] : d),
      ),
    );
    const t = json<DiceReport>(await get(`/api/games/${tampered}/dice`));
    expect(t.ok).toBe(false);
    expect(t.problem).toMatchObject({ code: 'DICE_MISMATCH', n: 5 });
    expect(t.throws.filter((x) => !x.ok).map((x) => x.n)).toEqual([5]);
    const direct = await verifyGameDice(store, tampered);
    expect(direct.ok && direct.value.problem?.code).toBe('DICE_MISMATCH');

    // A revealed seed that is not the one committed to.
    const other = 'ab'.repeat(32);
    const wrongSeed = await storeMatch(store, input, 'carol', 'dave', playMatch(input), { serverSeed: other });
    expect(json<DiceReport>(await get(`/api/games/${wrongSeed}/dice`)).problem).toMatchObject({ code: 'COMMITMENT_MISMATCH' });

    expectError(await get('/api/games/nope/dice'), 404, 'NOT_FOUND', /no game nope/);
  });

  it('bad input gets clear errors', async () => {
    expectError(await get('/api/leaderboard/chess'), 404, 'NOT_FOUND', /variants: long, short, caucasian/);
    expectError(await get('/api/leaderboard/long?limit=0'), 400, 'BAD_MESSAGE', /limit/);
    expectError(await get('/api/leaderboard/long?limit=abc'), 400, 'BAD_MESSAGE', /limit/);
    expectError(await get('/api/users/nobody/games'), 404, 'NOT_FOUND', /no user nobody/);
    expectError(await get('/api/users/alice/games?limit=101'), 400, 'BAD_MESSAGE', /limit must be an integer 1..100/);
    expectError(await get('/api/users/alice/games?before=yesterday'), 400, 'BAD_MESSAGE', /cursor/);
    expectError(await get(`/api/users/${'x'.repeat(65)}/games`), 400, 'BAD_MESSAGE', /user id/);
    expectError(await get('/api/games/no%20such'), 400, 'BAD_MESSAGE', /game id/);
    expectError(await get('/api/games/missing'), 404, 'NOT_FOUND');
  });
});
