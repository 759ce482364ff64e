import type { ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import { createApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { acked, connect, lastView, pick, recorded, settle, STORE_KINDS, world, type World } from '../games/kit.suite.js';
import { fakeAnalyser, instantAnalyser } from './fake-analyser.suite.js';

/**
 * Analysis as a job (issue 41 item 4), through the production wiring with an analyser the test drives: requested
 * over the socket by a player or a spectator, de-duplicated, its progress and end pushed, the result read over HTTP;
 * the refusals and limits; a person's request before automatic ones; a restart resumes what was running.
 */

let worlds: World[] = [];
afterEach(async () => {
  for (const w of worlds) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  worlds = [];
});

async function open(kind: (typeof STORE_KINDS)[number], o: Parameters<typeof world>[1] = {}): Promise<World> {
  const w = await world(kind, o);
  worlds.push(w);
  return w;
}

const NO_CUBE_1 = { variant: 'short' as const, matchLength: 1, cube: { enabled: false } };

/** A match between Alice and Bob that Bob resigns at once (finished, as far as the store knows), or one left going. */
async function match(w: World, o: { rated?: boolean; finish?: boolean; private?: boolean } = {}): Promise<string> {
  const r = await w.games.startGame({
    settings: { match: { ...NO_CUBE_1, rules: undefined } as never, rated: o.rated ?? false, stake: 0 },
    seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
    clientSeeds: { p1: 'alice-seed', p2: 'bob-seed' },
    rated: o.rated ?? false,
    ...(o.private ? { private: true } : {}),
  });
  if (!r.ok) throw new Error(r.error.message);
  const gameId = r.value.gameId;
  await settle(w, gameId);
  if (o.finish !== false) {
    const actor = w.games.actorOf(gameId)!;
    expect((await actor.handle({ by: { user: w.users['bob']!.userId }, type: 'resignMatch' })).ok).toBe(true);
    await settle(w, gameId);
    await recorded(w, gameId);
  }
  return gameId;
}

const codeOf = (r: ServerToClient): string => (r.type === 'error' ? r.code : r.type);
const statusOf = (r: ServerToClient) => (r.type === 'ack' && r.result?.kind === 'analysis' ? r.result : null);
const cookie = (w: World, name: string) => ({ cookie: `${SESSION_COOKIE}=${w.tokens[name]}` });
const get = (w: World, gameId: string, query = '', name = 'alice') =>
  w.app.http.inject({ method: 'GET', url: `/api/games/${gameId}/analysis${query}`, headers: cookie(w, name) });

/** Waits until the stored job has `status`. */
async function stored(w: World, gameId: string, ply: number, status: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const r = await w.store.analyses.getAnalysis(gameId, ply);
    if (r.ok && r.value.status === status) return;
    await new Promise<void>((res) => setTimeout(res, 10));
  }
  throw new Error(`the analysis of ${gameId} at ${ply}-ply never became ${status}`);
}

it('settings: ANALYSIS_WORKERS (0 = off), ANALYSIS_AUTO and the limits, each refused by name', () => {
  expect(loadConfig({})).toMatchObject({ analysis: { workers: 1, auto: 'rated' }, limits: { analysesPerUser: 3, analysisQueue: 100, analysisAutoQueue: 5 } });
  expect(loadConfig({ ANALYSIS_WORKERS: '0', ANALYSIS_AUTO: 'off', ANALYSES_PER_USER: '7' })).toMatchObject({
    analysis: { workers: 0, auto: 'off' },
    limits: { analysesPerUser: 7 },
  });
  expect(() => loadConfig({ ANALYSIS_WORKERS: '99', ANALYSIS_AUTO: 'always', ANALYSIS_QUEUE: '0' })).toThrow(ConfigError);
  try {
    loadConfig({ ANALYSIS_WORKERS: '99', ANALYSIS_AUTO: 'always', ANALYSIS_QUEUE: '0' });
  } catch (e) {
    expect((e as ConfigError).problems.join('\n')).toMatch(/ANALYSIS_QUEUE[\s\S]*ANALYSIS_WORKERS[\s\S]*ANALYSIS_AUTO/);
  }
});

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('request → progress → done → GET returns it; a spectator joins the same job; another ply is another job', async () => {
    const fake = fakeAnalyser();
    const w = await open(kind, { analyser: fake.analyser });
    const gameId = await match(w);
    const alice = await connect(w, 'alice');
    const carol = await connect(w, 'carol');

    const first = await alice.command({ type: 'analysis.request', gameId });
    expect(statusOf(first)).toMatchObject({ gameId, ply: 2, status: 'queued' });
    const call = await fake.call(0);
    expect(call.input.ply).toBe(2);
    expect(call.input.names).toEqual({ p1: 'Alice', p2: 'Bob' });
    expect(call.input.actions.some((a) => a.type === 'resignMatch')).toBe(true);
    // Carol, a spectator, asks too: she joins the job (the analyser is not called again).
    expect(statusOf(await carol.command({ type: 'analysis.request', gameId, ply: 2 }))).toMatchObject({ status: 'running' });
    call.progress(3, 10);
    for (const c of [alice, carol]) await c.waitFor((m) => m.type === 'analysis.progress' && m.done === 3 && m.total === 10);
    const running = await get(w, gameId);
    expect(running.statusCode).toBe(200);
    expect(running.json()).toMatchObject({ gameId, ply: 2, status: 'running', done: 3, total: 10, result: null });

    call.progress(10, 10);
    call.finish({ players: ['a', 'b'] });
    for (const c of [alice, carol]) await c.waitFor((m) => m.type === 'analysis.done' && m.gameId === gameId && m.ply === 2);
    const done = await get(w, gameId, '?ply=2', 'carol');
    expect(done.json()).toMatchObject({ status: 'done', done: 10, total: 10, error: null, result: { players: ['a', 'b'] } });
    expect(fake.calls).toHaveLength(1);
    // Asked again once done: the stored one, at once.
    expect(statusOf(await carol.command({ type: 'analysis.request', gameId }))).toMatchObject({ status: 'done', done: 10, total: 10 });
    expect(fake.calls).toHaveLength(1);

    // Another ply is another job; none asked for is 404.
    expect((await get(w, gameId, '?ply=0')).json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(statusOf(await alice.command({ type: 'analysis.request', gameId, ply: 0 }))).toMatchObject({ ply: 0, status: 'queued' });
    expect((await fake.call(1)).input.ply).toBe(0);
    expect((await get(w, gameId, '?ply=3')).statusCode).toBe(400);
    // Over HTTP: the same request (Bob joins the 0-ply job; 1-ply is new), refused signed out.
    const post = (body: unknown, headers: Record<string, string> = cookie(w, 'bob')) =>
      w.app.http.inject({ method: 'POST', url: `/api/games/${gameId}/analysis`, payload: body as object, headers });
    expect((await post({ ply: 0 })).json()).toEqual({ gameId, ply: 0, status: 'running', done: 0, total: 0 });
    const posted = await post({ ply: 1 });
    expect(posted.statusCode).toBe(202);
    expect(posted.json()).toMatchObject({ ply: 1, status: 'queued' });
    expect((await post({ ply: 1 }, {})).statusCode).toBe(401);
    expect((await post({ ply: 5 })).json()).toMatchObject({ error: { code: 'BAD_MESSAGE' } });
  });

  it('refuses unknown and unfinished games, private games to the uninvited, and beyond the limits; a failed job can be asked again', async () => {
    const fake = fakeAnalyser();
    const w = await open(kind, { analyser: fake.analyser, env: { ANALYSES_PER_USER: '1', ANALYSIS_QUEUE: '2' } });
    const alice = await connect(w, 'alice');
    const carol = await connect(w, 'carol');
    const dave = await connect(w, 'dave');
    expect(codeOf(await alice.command({ type: 'analysis.request', gameId: 'g_nope' }))).toBe('NOT_FOUND');
    expect((await get(w, 'g_nope')).statusCode).toBe(404);
    const live = await match(w, { finish: false });
    expect(codeOf(await alice.command({ type: 'analysis.request', gameId: live }))).toBe('NOT_FINISHED');
    const early = await w.app.http.inject({ method: 'POST', url: `/api/games/${live}/analysis`, headers: cookie(w, 'alice') });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'NOT_FINISHED' } });

    const hidden = await match(w, { private: true });
    expect(codeOf(await carol.command({ type: 'analysis.request', gameId: hidden }))).toBe('PRIVATE_GAME');
    const token = (await w.store.getGame(hidden)).ok ? ((await w.store.getGame(hidden)) as { value: { watchToken: string } }).value.watchToken : '';
    expect(statusOf(await carol.command({ type: 'analysis.request', gameId: hidden, watch: token }))).toMatchObject({ status: 'queued' });
    expect((await get(w, hidden, '', 'dave')).json()).toMatchObject({ error: { code: 'PRIVATE_GAME' } });
    expect((await get(w, hidden, `?watch=${token}`, 'dave')).statusCode).toBe(200);
    expect((await get(w, hidden, '', 'bob')).statusCode).toBe(200);

    // Carol has one waiting: her second is refused; joining one there costs nothing.
    const other = await match(w);
    expect(codeOf(await carol.command({ type: 'analysis.request', gameId: other }))).toBe('LIMIT_REACHED');
    expect(statusOf(await alice.command({ type: 'analysis.request', gameId: other }))).toMatchObject({ status: 'queued' });
    expect(statusOf(await carol.command({ type: 'analysis.request', gameId: other }))).toMatchObject({ status: 'queued' });
    // Two jobs wait or run: the whole queue is full for Dave.
    expect(codeOf(await dave.command({ type: 'analysis.request', gameId: other, ply: 1 }))).toBe('LIMIT_REACHED');

    // The first job fails: its error is kept and pushed; asked again, it is queued again.
    (await fake.call(0)).fail(new Error('the engine tripped'));
    await carol.waitFor((m) => m.type === 'analysis.failed' && m.gameId === hidden && m.error === 'the engine tripped');
    expect((await get(w, hidden, '', 'alice')).json()).toMatchObject({ status: 'failed', error: 'the engine tripped', result: null });
    (await fake.call(1)).finish({ ok: true });
    await stored(w, other, 2, 'done');
    expect(statusOf(await alice.command({ type: 'analysis.request', gameId: hidden }))).toMatchObject({ status: 'queued' });
    (await fake.call(2)).finish({ again: true });
    await alice.waitFor((m) => m.type === 'analysis.done' && m.gameId === hidden);
    expect((await get(w, hidden)).json()).toMatchObject({ status: 'done', error: null, result: { again: true } });
  });

  it('analysis off (ANALYSIS_WORKERS=0): requests are UNAVAILABLE', async () => {
    const w = await open(kind, { analyser: instantAnalyser, env: { ANALYSIS_WORKERS: '0' } });
    const gameId = await match(w);
    const alice = await connect(w, 'alice');
    expect(codeOf(await alice.command({ type: 'analysis.request', gameId }))).toBe('UNAVAILABLE');
  });

  it('a rated match is analysed by itself when it ends; a person asking later goes first', async () => {
    const fake = fakeAnalyser();
    const w = await open(kind, { analyser: fake.analyser, env: { ANALYSIS_AUTO: 'rated' } });
    const unrated = await match(w);
    const alice = await connect(w, 'alice');
    // One job holds the one worker.
    acked(await alice.command({ type: 'analysis.request', gameId: unrated }));
    const holding = await fake.call(0);
    const rated = await match(w, { rated: true });
    await stored(w, rated, 2, 'queued');
    expect((await w.store.analyses.getAnalysis(rated, 2)).ok && (await w.store.analyses.getAnalysis(rated, 2))).toMatchObject({ value: { requestedBy: null } });
    const later = await match(w);
    w.time.advance(1000);
    acked(await alice.command({ type: 'analysis.request', gameId: later, ply: 1 }));
    holding.finish({});
    // The person's request, though later, runs before the automatic one.
    expect((await fake.call(1)).input).toMatchObject({ ply: 1 });
    (await fake.call(1)).finish({});
    expect((await fake.call(2)).input.ply).toBe(2);
    (await fake.call(2)).finish({ auto: true });
    await stored(w, rated, 2, 'done');
  });

  it('a restart resumes: a job left running by a dead process runs again; a stopped one goes back to the queue', async () => {
    const hanging = fakeAnalyser();
    const w = await open(kind, { analyser: hanging.analyser });
    const gameId = await match(w);
    const alice = await connect(w, 'alice');
    acked(await alice.command({ type: 'analysis.request', gameId }));
    await hanging.call(0);
    await stored(w, gameId, 2, 'running');
    // Another process on the same database, as after a crash of this one: it finds the job running and runs it.
    const next = await createApp(w.config, { ...w.options, store: w.store, analyser: instantAnalyser });
    await stored(w, gameId, 2, 'done');
    const r = await w.store.analyses.getAnalysis(gameId, 2);
    expect(r.ok && r.value.result).toMatchObject({ ply: 2, names: { p1: 'Alice', p2: 'Bob' } });
    await next.close();

    // A graceful stop: the running job is aborted and queued again, for the next start.
    const other = await match(w);
    acked(await alice.command({ type: 'analysis.request', gameId: other }));
    const stopping = fakeAnalyser();
    const second = await createApp(w.config, { ...w.options, store: w.store, analyser: stopping.analyser });
    const taken = await stopping.call(0);
    await stored(w, other, 2, 'running');
    await second.close();
    expect(taken.signal.aborted).toBe(true);
    await stored(w, other, 2, 'queued');
  });

  it('a bot game gets its moves while an analysis runs', async () => {
    const fake = fakeAnalyser();
    const w = await open(kind, { analyser: fake.analyser });
    const gameId = await match(w);
    const alice = await connect(w, 'alice');
    acked(await alice.command({ type: 'analysis.request', gameId }));
    const call = await fake.call(0);
    const dave = await connect(w, 'dave');
    const started = await dave.command({ type: 'bot.play', level: 1, settings: { match: NO_CUBE_1, rated: false, stake: 0 } });
    acked(started);
    const botGame = started.type === 'ack' && started.result?.kind === 'game' ? started.result.gameId : '';
    acked(await dave.command({ type: 'game.subscribe', gameId: botGame }));
    await settle(w, botGame);
    const actor = w.games.actorOf(botGame)!;
    const before = actor.n;
    // Dave plays on (the bot answers) while the analysis is still running.
    for (let i = 0; i < 6; i++) {
      const v = lastView(dave, botGame);
      const action = pick(v);
      if (action) acked(await dave.command({ type: 'game.action', gameId: botGame, version: v.version, action: action as never }));
      await settle(w, botGame);
    }
    // Both sides have played turns: the bot's came while the analysis held the one analysis worker.
    const moves = actor.actions.filter((a) => a.type === 'move');
    expect(new Set(moves.map((a) => ('seat' in a ? a.seat : null)))).toEqual(new Set(['p1', 'p2']));
    expect(actor.n).toBeGreaterThan(before);
    expect(call.signal.aborted).toBe(false);
    expect((await w.store.analyses.getAnalysis(gameId, 2)).ok && (await w.store.analyses.getAnalysis(gameId, 2))).toMatchObject({
      value: { status: 'running' },
    });
    call.finish({});
  });
});
