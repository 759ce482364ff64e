import { fc } from '@fast-check/vitest';
import { matchSettings } from '@nardy/engine';
import { AckResultSchema, ERROR_CODES, ServerToClientSchema, type TableSettings } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../contracts.js';
import { DiceCommitments } from '../game/commitments.js';
import { LOBBY_TYPES, LobbyModule } from './lobby.js';
import { FakeClock, FakeFactory, FakeRematches, fakeLink, viewer, type FakeLink } from './test-kit.suite.js';

/**
 * Random sequences of lobby commands from several users, some sent at once, with connections coming and going,
 * the clock moving, blocks answered asynchronously and game starts failing now and then: no command throws,
 * each gets one well-formed reply, every push is a well-formed message (never an ack or error), a refused
 * command changes nothing, and the lobby's state stays consistent.
 */

const USERS = [viewer('u0'), viewer('u1'), viewer('u2'), viewer('u3', true)] as const;
const SLOTS = 6;
const userOf = (slot: number) => USERS[slot % USERS.length]!;

const settingsOf = (rated: boolean): TableSettings => {
  const m = matchSettings({ variant: 'short', matchLength: 3 });
  if (!m.ok) throw new Error(m.error.message);
  return { match: m.value, rated, stake: 0 };
};

const SETTINGS = [
  { match: { variant: 'long' }, rated: false, stake: 0 },
  { match: { variant: 'short', matchLength: 5 }, rated: true, stake: 0 },
  { match: { variant: 'long', timeControl: { kind: 'matchReserve', perPointMs: 1000, delayMs: 0 } }, rated: false, stake: 0 },
  { match: { variant: 'long' }, rated: false, stake: 7 },
];
const POOLS = [
  { variant: 'long', matchLength: 0, timeControl: { kind: 'none' }, rated: false },
  { variant: 'short', matchLength: 3, timeControl: { kind: 'fischer', initialMs: 60000, incrementMs: 0 }, rated: true },
  { variant: 'long', matchLength: 0, timeControl: { kind: 'matchReserve', perPointMs: 1000, delayMs: 0 }, rated: false },
];
const KINDS = LOBBY_TYPES;

type Step =
  | { readonly op: 'cmd'; readonly slot: number; readonly kind: (typeof KINDS)[number]; readonly pick: number; readonly seed: boolean }
  | { readonly op: 'connect' | 'disconnect'; readonly slot: number }
  | { readonly op: 'tick'; readonly ms: number }
  | { readonly op: 'fail' }
  | { readonly op: 'block'; readonly a: number; readonly b: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({ op: fc.constant('cmd' as const), slot: fc.nat(SLOTS - 1), kind: fc.constantFrom(...KINDS), pick: fc.nat(20), seed: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('connect' as const, 'disconnect' as const), slot: fc.nat(SLOTS - 1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 40_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'fail' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('block' as const), a: fc.nat(3), b: fc.nat(3) }) },
);

interface World {
  readonly lobby: LobbyModule;
  readonly factory: FakeFactory;
  readonly links: FakeLink[];
  readonly rematches: FakeRematches;
  readonly blocks: Set<string>;
  readonly clock: FakeClock;
  generation: number;
}

function world(coins: readonly number[]): World {
  const factory = new FakeFactory();
  const clock = new FakeClock();
  const rematches = new FakeRematches();
  rematches.add('old1', 'u0', 'u1', settingsOf(true));
  rematches.add('old2', 'u2', 'u3', settingsOf(false));
  rematches.add('old3', 'u1', 'u2', settingsOf(false), false);
  const blocks = new Set<string>();
  let ids = 0;
  let c = 0;
  let seeds = 0;
  const lobby = new LobbyModule(factory, clock.now, (p) => `${p}${++ids}`, {
    random: () => coins[c++ % coins.length] ?? 0.5,
    isBlocked: async (a, b) => blocks.has(`${a}>${b}`),
    rematches,
    // quickPair.commit's fresh seeds (each a different one).
    commitments: new DiceCommitments(() => (++seeds).toString(16).padStart(64, '0')),
    chips: { canStake: (userId) => Promise.resolve(userId !== 'u1') },
    maxSeeksPerUser: 3,
    maxChallengesPerUser: 2,
    maxTablesPerUser: 2,
    challengeTtlMs: 30_000,
    tableTtlMs: 60_000,
  });
  const links = Array.from({ length: SLOTS }, (_, s) => fakeLink(userOf(s), `s${s}-0`));
  for (const l of links) void lobby.connected(l);
  return { lobby, factory, links, rematches, blocks, clock, generation: 0 };
}

const pickFrom = <T>(xs: readonly T[], n: number, bogus: T): T => (n < xs.length ? xs[n]! : bogus);

function command(w: World, step: Extract<Step, { op: 'cmd' }>): Record<string, unknown> {
  const st = w.lobby.state();
  const seed = step.seed ? { clientSeed: `seed-${step.pick}` } : {};
  const me = w.links[step.slot]!.viewer.userId;
  // Mostly ids that fit the sender (someone else's seek, a challenge to or from him), sometimes any or none.
  const fits = <T extends { readonly id: string; readonly mine: boolean }>(xs: readonly T[]): string => {
    const preferred = xs.filter((x) => x.mine);
    const pool = step.pick % 4 === 3 ? xs : preferred;
    return pickFrom(
      pool.map((x) => x.id),
      step.pick % (pool.length + 1),
      'missing',
    );
  };
  const seekId = fits(st.seeks.map((s) => ({ id: s.seekId, mine: (step.kind === 'seek.cancel') === (s.by.userId === me) })));
  const challengeId = fits(st.challenges.map((c) => ({ id: c.challengeId, mine: (step.kind === 'challenge.cancel' ? c.from : c.to).userId === me })));
  const games = ['old1', 'old2', 'old3', 'nope', ...w.factory.requests.map((_, i) => `g${i + 1}`)];
  const gameId = games[step.pick % games.length]!;
  switch (step.kind) {
    case 'lobby.subscribe':
    case 'lobby.unsubscribe':
    case 'quickPair.leave':
      return { type: step.kind };
    case 'seek.create':
    case 'table.create':
      return { type: step.kind, settings: SETTINGS[step.pick % SETTINGS.length], ...seed };
    case 'seek.cancel':
      return { type: step.kind, seekId };
    case 'seek.accept':
      return { type: step.kind, seekId, ...seed };
    case 'quickPair.join':
      return { type: step.kind, pool: POOLS[step.pick % POOLS.length], ...seed };
    case 'quickPair.commit':
      return { type: step.kind, pool: POOLS[step.pick % POOLS.length] };
    case 'challenge.send':
      return { type: step.kind, to: `u${step.pick % 5}`, settings: SETTINGS[step.pick % SETTINGS.length], ...seed };
    case 'challenge.accept':
      return { type: step.kind, challengeId, ...seed };
    case 'challenge.decline':
    case 'challenge.cancel':
      return { type: step.kind, challengeId };
    case 'table.show':
    case 'table.join':
      return {
        type: step.kind,
        token: fits(st.tables.map((t) => ({ id: t.token, mine: t.owner !== me }))).replace(/^missing$/, 'missing-token-0000'),
        ...(step.kind === 'table.join' ? seed : {}),
      };
    case 'rematch.offer':
    case 'rematch.accept':
      return { type: step.kind, gameId, ...seed };
    case 'rematch.decline':
    case 'rematch.cancel':
      return { type: step.kind, gameId };
  }
}

/** The state, with presence left out: any command makes its connection known. */
const normal = (w: World) => {
  const { subscribers, seeks, pools, challenges, tables, offers } = w.lobby.state();
  return { subscribers, seeks, pools, challenges, tables, offers };
};

async function checkConsistent(w: World): Promise<void> {
  // Expiry is lazy (before each command, or on the app's timer): run it as the timer would; it also waits for
  // the connection changes queued behind the batch's commands.
  await w.lobby.expire();
  const st = w.lobby.state();
  const open = new Map(w.links.map((l) => [l.id, l]));
  const linkUser = (id: string) => open.get(id)?.viewer.userId;
  expect(new Set(st.links)).toEqual(new Set(w.links.filter((l) => st.links.includes(l.id)).map((l) => l.id)));
  for (const id of st.links) expect(open.has(id)).toBe(true);
  expect(new Set(st.online)).toEqual(new Set(st.links.map(linkUser)));
  for (const id of st.subscribers) expect(st.links).toContain(id);
  // No seek owned by a disconnected user (or by anyone but its connection's user).
  for (const s of st.seeks) {
    expect(st.links).toContain(s.linkId);
    expect(linkUser(s.linkId)).toBe(s.by.userId);
  }
  const perUser = new Map<string, number>();
  for (const s of st.seeks) perUser.set(s.by.userId, (perUser.get(s.by.userId) ?? 0) + 1);
  for (const n of perUser.values()) expect(n).toBeLessThanOrEqual(3);
  // No user in two pools (or twice in one), nobody offline waiting.
  const waiting = st.pools.flatMap((p) => p.users);
  expect(new Set(waiting).size).toBe(waiting.length);
  for (const u of waiting) expect(st.online).toContain(u);
  for (const p of st.pools) expect(p.users.length).toBeGreaterThan(0);
  for (const c of st.challenges) {
    expect(st.links).toContain(c.linkId);
    expect(st.online).toContain(c.to.userId);
    expect(c.from.userId).not.toBe(c.to.userId);
    expect(c.expiresAt).toBeGreaterThan(w.clock.t);
  }
  for (const t of st.tables) expect(st.links).toContain(t.linkId);
  for (const o of st.offers) expect(o.expiresAt).toBeGreaterThan(w.clock.t);
  // Every game was between two different users.
  for (const r of w.factory.requests) expect(r.seats.p1).not.toEqual(r.seats.p2);
}

function checkReply(r: Reply): void {
  expect(typeof r.ok).toBe('boolean');
  if (r.ok) {
    if (r.value !== undefined) expect(AckResultSchema.safeParse(r.value).success).toBe(true);
  } else {
    expect(ERROR_CODES).toContain(r.error.code);
    expect(r.error.message.length).toBeGreaterThan(0);
  }
}

async function run(w: World, batches: readonly (readonly Step[])[]): Promise<void> {
  for (const batch of batches) {
    await w.lobby.expire();
    const before = normal(w);
    const gamesBefore = w.factory.requests.length;
    const pending: Promise<Reply>[] = [];
    for (const step of batch) {
      switch (step.op) {
        case 'cmd': {
          const link = w.links[step.slot]!;
          pending.push(w.lobby.handle(link, { id: `c${pending.length}`, ...command(w, step) } as never));
          break;
        }
        case 'connect':
          void w.lobby.connected(w.links[step.slot]!);
          break;
        case 'disconnect': {
          const old = w.links[step.slot]!;
          void w.lobby.disconnected(old);
          // A closed connection never comes back; the slot gets a new one (not yet known to the lobby).
          w.links[step.slot] = fakeLink(old.viewer, `s${step.slot}-${++w.generation}`);
          break;
        }
        case 'tick':
          w.clock.advance(step.ms);
          break;
        case 'fail':
          // The next start fails (one at a time, so that most starts still succeed).
          if (w.factory.failures.length === 0) w.factory.failures.push({ code: 'INSUFFICIENT_CHIPS', message: 'hold refused' });
          break;
        case 'block':
          if (w.blocks.has(`u${step.a}>u${step.b}`)) w.blocks.delete(`u${step.a}>u${step.b}`);
          else w.blocks.add(`u${step.a}>u${step.b}`);
          break;
      }
    }
    const replies = await Promise.all(pending);
    expect(replies).toHaveLength(pending.length);
    replies.forEach(checkReply);
    // A lone refused command (nothing else in its batch) changed nothing.
    if (batch.length === 1 && batch[0]?.op === 'cmd' && replies[0] && !replies[0].ok) {
      expect(normal(w)).toEqual(before);
      expect(w.factory.requests.length - gamesBefore).toBeLessThanOrEqual(1);
    }
    await checkConsistent(w);
  }
  for (const l of w.links) {
    for (const m of l.sent) {
      expect(m.type).not.toBe('ack');
      expect(m.type).not.toBe('error');
      expect(ServerToClientSchema.safeParse(m).success).toBe(true);
    }
  }
}

describe('lobby: random command sequences', () => {
  it('never throw, answer each command once, and keep the lobby consistent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(stepArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 5 }),
        async (batches, coins) => {
          await run(world(coins), batches);
        },
      ),
      { numRuns: Number(process.env['LOBBY_RUNS'] ?? 300) },
    );
  }, 600_000);

  it('a long sequence exercises every command\u2019s success', async () => {
    const okKinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(stepArb, { minLength: 1, maxLength: 2 }), { minLength: 50, maxLength: 120 }), async (batches) => {
        const w = world([0.3, 0.7]);
        const origHandle = w.lobby.handle.bind(w.lobby);
        w.lobby.handle = async (link, msg) => {
          const r = await origHandle(link, msg);
          if (r.ok) okKinds.add(msg.type);
          return r;
        };
        await run(w, batches);
      }),
      // A fixed seed: which commands happen to succeed depends on the draw.
      { numRuns: 60, seed: 20261129 },
    );
    // Not every kind needs to succeed in every run, but across runs each should.
    expect([...okKinds]).toEqual(expect.arrayContaining(KINDS.filter((k) => k !== 'rematch.accept' && k !== 'rematch.decline')));
  }, 60_000);
});
