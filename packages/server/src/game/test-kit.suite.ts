import { matchSettings, type MatchSettingsInput } from '@nardy/engine';
import type { Legal } from '@nardy/protocol';
import { seededRng, type Rng } from '@nardy/engine/testing';
import { expect } from 'vitest';
import { DEFAULT_NEXT_GAME_PAUSE_MS, GameActor, type Command, type GameActorOptions } from './actor.js';
import type { BotPlayer } from './bot.js';
import { diceSecret } from './dice.js';
import type { Delivered, Recipient } from './events.js';
import { MemoryActionLog, type GameHeader, type SeatHolder } from './log.js';
import { FakeTime } from './time.js';

/** Test support for the game core: a fixed dice seed, a fake clock, an in-memory log. */
const TEST_SEED = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';
export const USERS = { p1: 'alice', p2: 'bob' } as const;

export interface Table {
  readonly actor: GameActor;
  readonly header: GameHeader;
  readonly log: MemoryActionLog;
  readonly time: FakeTime;
  /** Everything delivered to each recipient, in order. */
  readonly seen: { readonly p1: Delivered[]; readonly p2: Delivered[]; readonly spectator: Delivered[] };
  readonly opts: GameActorOptions;
}

export async function table(
  settings: MatchSettingsInput,
  o: { seats?: { p1: SeatHolder; p2: SeatHolder }; bots?: Record<string, BotPlayer>; gameId?: string } & Partial<GameActorOptions> = {},
): Promise<Table> {
  const s = matchSettings(settings);
  if (!s.ok) throw new Error(s.error.message);
  const header: GameHeader = {
    gameId: o.gameId ?? 'g1',
    settings: s.value,
    seats: o.seats ?? { p1: { kind: 'user', userId: USERS.p1 }, p2: { kind: 'user', userId: USERS.p2 } },
    dice: diceSecret({ p1: 'client-a', p2: 'client-b' }, TEST_SEED),
    rated: true,
  };
  const log = new MemoryActionLog();
  const time = new FakeTime();
  const opts: GameActorOptions = { log, time, ...(o.bots ? { bots: o.bots } : {}), ...o };
  const seen = { p1: [] as Delivered[], p2: [] as Delivered[], spectator: [] as Delivered[] };
  // Subscribe before the first event: create() publishes the opening throw.
  const actor = await createWithSubscribers(header, opts, seen);
  return { actor, header, log, time, seen, opts };
}

async function createWithSubscribers(header: GameHeader, opts: GameActorOptions, seen: Table['seen']): Promise<GameActor> {
  const pending: Array<[Recipient, (e: Delivered) => void]> = [
    [{ seat: 'p1' }, (e) => seen.p1.push(e)],
    [{ seat: 'p2' }, (e) => seen.p2.push(e)],
    ['spectator', (e) => seen.spectator.push(e)],
  ];
  const actor = await GameActor.create(header, opts);
  // Events published during create() are in the history: replay them, then follow live.
  for (const [to, fn] of pending) {
    for (const e of actor.since(0, to)!) fn(e);
    actor.subscribe(to, fn);
  }
  return actor;
}

/** A random decision among the seat's choices (no resigning: games go to a scored end). */
function randomCommand(rng: Rng, user: string, legal: Legal, version: number): Command {
  let play = legal.actions.filter((a) => a !== 'surrender' && a !== 'resign' && a !== 'resignMatch' && a !== 'endSession');
  // Double rarely (1 in 20), so most games reach a bear-off.
  if (play.includes('double') && rng() >= 0.05) play = play.filter((a) => a !== 'double');
  const a = play[Math.floor(rng() * play.length)]!;
  const by = { user };
  if (a === 'move')
    return { by, version, type: 'move', steps: (legal.turns[Math.floor(rng() * legal.turns.length)] ?? []).map((s) => ({ from: s.from, to: s.to })) };
  return { by, version, type: a as Exclude<typeof a, 'move' | 'resign'> };
}

/** Plays random legal decisions from the players' views until the match is over; returns the number of commands. */
export async function playOut(t: Table, seed: number, stepMs = 1_000, maxCommands = 20_000): Promise<number> {
  const rng = seededRng(seed);
  let commands = 0;
  while (t.actor.match.phase !== 'matchOver') {
    await t.actor.settled();
    const seat = t.actor.viewFor('spectator').toAct;
    if (seat === null) {
      // Between games: the next one's opening throw waits the pause (actor.ts).
      t.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS);
      if (++commands > maxCommands) throw new Error('the match does not end');
      continue;
    }
    const holder = t.header.seats[seat];
    if (holder.kind === 'bot') {
      t.time.advance(stepMs);
      continue;
    }
    const view = t.actor.viewFor({ seat });
    expect(view.legal, 'the seat to act sees its choices').not.toBeNull();
    const cmd = randomCommand(rng, holder.userId, view.legal!, view.match.version);
    const r = await t.actor.handle(cmd);
    if (!r.ok) throw new Error(`${JSON.stringify(cmd)} refused: ${r.error.code} ${r.error.message}`);
    t.time.advance(stepMs);
    if (++commands > maxCommands) throw new Error('the match does not end');
  }
  await t.actor.settled();
  return commands;
}
