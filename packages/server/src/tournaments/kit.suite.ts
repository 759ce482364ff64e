/** Tournament scenarios through the real wiring (games/kit.suite.ts's world): players, terms, playing the matches out. */
import type { ServerToClient, TournamentDetail, TournamentTermsInput } from '@nardy/protocol';
import { expect } from 'vitest';
import { acked, connect, lastView, type World } from '../games/kit.suite.js';
import type { MemoryClient } from '../ws/memory.js';

/** A 1-point long-nardy match with a 60 s per-point clock: over at the first resignation. */
export const terms = (over: Partial<TournamentTermsInput> = {}): TournamentTermsInput => ({
  name: 'Test cup',
  format: 'knockout',
  match: { variant: 'long', matchLength: 1, timeControl: { kind: 'matchReserve', perPointMs: 60_000, delayMs: 0 } },
  rated: false,
  buyIn: 0,
  minPlayers: 2,
  maxPlayers: 4,
  start: { kind: 'full' },
  bots: false,
  options: {},
  ...over,
});

/** Signs up more players (`p5`, `p6` …) with sessions, as the kit's own four. */
export async function morePlayers(w: World, names: readonly string[]): Promise<void> {
  const users = w.users as Record<string, World['users'][string]>;
  const tokens = w.tokens as Record<string, string>;
  for (const name of names) {
    const u = await w.app.store.createUser({ username: name, displayName: name.toUpperCase(), passwordHash: null, language: 'en', createdAt: w.time.now() });
    if (!u.ok) throw new Error(u.error.message);
    const s = await w.app.accounts.openSession(u.value.id);
    if (!s.ok) throw new Error('no session');
    users[name] = { userId: u.value.id, username: name, displayName: u.value.displayName, guest: false, language: 'en' };
    tokens[name] = s.value;
  }
}

export function code(r: ServerToClient): string {
  return r.type === 'error' ? r.code : 'ok';
}

export async function create(c: MemoryClient, t: TournamentTermsInput): Promise<string> {
  const r = await c.command({ type: 'tournament.create', terms: t });
  acked(r);
  if (r.type !== 'ack' || r.result?.kind !== 'tournament') throw new Error('no tournament id');
  return r.result.tournamentId;
}

/** Waits (real time, briefly) until `cond` holds: the director works in its queue after the command's ack. */
export async function until(cond: () => boolean | Promise<boolean>, what: string, tries = 2000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise<void>((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out: ${what}`);
}

export async function detail(w: World, id: string): Promise<TournamentDetail> {
  const d = await w.app.tournaments.detail(id);
  if (!d) throw new Error(`no tournament ${id}`);
  return d;
}

/**
 * Plays the tournament out: each match that is ready is lost by the player `loses(a, b)` names (he resigns the match),
 * until the tournament is finished. Returns the number of games played.
 */
export async function playOut(
  w: World,
  id: string,
  clients: ReadonlyMap<string, MemoryClient>,
  loses: (a: string, b: string) => string,
  opts: { readonly onRound?: (played: number) => Promise<void> } = {},
): Promise<number> {
  const done = new Set<string>();
  for (let guard = 0; guard < 10_000; guard++) {
    const d = await detail(w, id);
    if (d.tournament.status === 'finished') return done.size;
    const ready = d.pairings.filter((p) => p.result === null && p.gameId !== null && p.b !== null && !done.has(p.gameId));
    if (ready.length === 0) {
      await new Promise<void>((r) => setTimeout(r, 5));
      continue;
    }
    for (const p of ready) {
      const loser = loses(p.a, p.b!);
      const c = clients.get(loser);
      if (!c) throw new Error(`no client for ${loser}`);
      // The winner opens his game too (one who never comes loses it as a no-show when the clock moves on).
      const winner = clients.get(loser === p.a ? p.b! : p.a);
      if (winner) acked(await winner.command({ type: 'game.subscribe', gameId: p.gameId! }));
      await resign(w, c, p.gameId!);
      done.add(p.gameId!);
      await opts.onRound?.(done.size);
    }
  }
  throw new Error('the tournament did not finish');
}

/** The player opens his game and resigns the match (unless it ended already: a flag fell while the test moved the clock). */
export async function resign(w: World, c: MemoryClient, gameId: string): Promise<void> {
  acked(await c.command({ type: 'game.subscribe', gameId }));
  await until(() => c.received.some((m) => m.type === 'game.snapshot' && m.gameId === gameId), 'the game snapshot');
  await w.games.actorOf(gameId)?.settled();
  const v = lastView(c, gameId);
  const r = await c.command({ type: 'game.action', gameId, version: v.version, action: { type: 'resignMatch' } });
  expect(['ok', 'GAME_OVER'], JSON.stringify(r)).toContain(code(r));
}

/** Connects each named player. */
export async function clientsOf(w: World, names: readonly string[]): Promise<Map<string, MemoryClient>> {
  const out = new Map<string, MemoryClient>();
  for (const n of names) out.set(w.users[n]!.userId, await connect(w, n));
  return out;
}
