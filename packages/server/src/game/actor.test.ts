import { describe, expect, it } from 'vitest';
import { replay, TOURNAMENT_CLOCK, VARIANT_IDS, type Seat } from '@nardy/engine';
import { DEFAULT_NEXT_GAME_PAUSE_MS, GameActor } from './actor.js';
import { firstLegalBot, firstTurn, silentBot } from './bot.js';
import { verifyDice } from './dice.js';
import { playOut, table, USERS, type Table } from './test-kit.suite.js';

const by = (seat: Seat) => ({ user: USERS[seat] });
/** What `seat` may do now, as its view shows it. */
const legalOf = (t: Table, seat: Seat) => t.actor.viewFor({ seat }).legal!;

/** Drives the game until `seat` must move (phase moving), playing the first legal choice for everyone. */
async function untilMoving(t: Table): Promise<Seat> {
  for (let i = 0; i < 50; i++) {
    const v = t.actor.viewFor('spectator');
    if (v.match.phase === 'moving') return v.toAct!;
    const seat = v.toAct!;
    expect(legalOf(t, seat).actions[0]).toBe('roll');
    expect((await t.actor.handle({ by: by(seat), type: 'roll' })).ok).toBe(true);
  }
  throw new Error('never moving');
}

const numbered = (events: readonly { n: number }[]) => events.map((e) => e.n);

describe("GameActor: full matches through the actor, random legal choices from the players' views", () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: a 3-point match with the tournament clock to a scored end; log, events, dice and restore agree`, async () => {
      const t = await table({ variant, matchLength: 3, timeControl: TOURNAMENT_CLOCK });
      await playOut(t, 7);
      const m = t.actor.match;
      expect(m.phase).toBe('matchOver');
      expect(m.end?.reason).toBe('points');
      expect(Math.max(m.score.p1, m.score.p2)).toBeGreaterThanOrEqual(3);

      // The log is the record: replaying it gives the live state.
      const entries = await t.log.load('g1');
      const replayed = replay(
        t.header.settings,
        entries.map((e) => e.action),
      );
      expect(replayed.ok && replayed.value).toEqual(m);
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
      for (const e of entries) expect(e.clock).not.toBeNull();

      // Events: 1, 2, 3 … to every recipient, the same events; the opening throw first, `ended` last with the seed revealed.
      for (const who of ['p1', 'p2', 'spectator'] as const) {
        const seen = t.seen[who];
        expect(numbered(seen)).toEqual(seen.map((_, i) => i + 1));
        expect(seen.map((e) => e.event)).toEqual(t.seen.spectator.map((e) => e.event));
        expect(seen[0]!.event).toMatchObject({ type: 'action', action: { type: 'opening' } });
        const last = seen[seen.length - 1]!.event;
        expect(last.type === 'ended' && last.serverSeed).toBe(t.header.dice.serverSeed);
      }
      // Each recipient's view after each event: choices only for its own seat, never for the seat the server acts for.
      expect(t.seen.spectator.every((e) => e.view.you === null && e.view.legal === null)).toBe(true);
      for (const e of t.seen.p1) {
        expect(e.view.you).toBe('p1');
        if (e.view.legal?.actions.includes('move')) expect(e.view.toAct).toBe('p1');
      }
      expect(t.seen.spectator.filter((e) => e.event.type === 'action').length).toBe(entries.length);
      // One `gameEnded` per game of the match, right after the action that finished it.
      const ends = t.seen.spectator.flatMap((e, i) => (e.event.type === 'gameEnded' ? [i] : []));
      expect(ends.length).toBe(m.games.length);
      for (const i of ends) expect(t.seen.spectator[i - 1]!.event.type).toBe('action');

      // Dice: every throw recomputes from the revealed seed.
      const v = verifyDice({ ...t.header.dice, actions: entries.map((e) => e.action) });
      expect(v.ok).toBe(true);
      // One altered throw in the stored log is found.
      const i = entries.findIndex((e, k) => k > 3 && e.action.type === 'roll');
      t.log.mutate('g1', i + 1, (e) =>
        e.action.type === 'roll' ? { ...e, action: { ...e.action, dice: [e.action.dice[0] === 6 ? 1 : 6, e.action.dice[1]] } } : e,
      );
      const tampered = verifyDice({ ...t.header.dice, actions: (await t.log.load('g1')).map((e) => e.action) });
      expect(tampered).toMatchObject({ ok: false, code: 'DICE_MISMATCH', index: i });
      t.log.mutate('g1', i + 1, () => entries[i]!);
      // A finished game's view reveals the secret to everyone.
      expect(t.actor.viewFor('spectator').dice.serverSeed).toBe(t.header.dice.serverSeed);

      // Restore from the log equals the live state.
      const r = await GameActor.restore(t.header, t.opts);
      expect(r.ok && r.value.match).toEqual(m);
    }, 60_000);
  }

  it('two bots play a whole match alone (no stalls)', async () => {
    const t = await table(
      { variant: 'short', matchLength: 3 },
      { seats: { p1: { kind: 'bot', botId: 'a' }, p2: { kind: 'bot', botId: 'b' } }, bots: { a: firstLegalBot('a'), b: firstLegalBot('b') } },
    );
    // Between games nobody acts: the next game waits its pause.
    for (let game = 0; game < 20 && t.actor.match.phase !== 'matchOver'; game++) {
      await t.actor.settled();
      t.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS);
    }
    expect(t.actor.match.phase).toBe('matchOver');
  });
});

describe('GameActor: refusals', () => {
  it('illegal, out-of-turn, foreign and server-only commands are refused with codes; no state change, no event, no log entry', async () => {
    const t = await table({ variant: 'short', matchLength: 1 });
    const seat = await untilMoving(t);
    const other: Seat = seat === 'p1' ? 'p2' : 'p1';
    const before = t.actor.match;
    const n = t.actor.n;
    const logged = (await t.log.load('g1')).length;
    const seen = t.seen.spectator.length;

    const cases = [
      [{ by: by(other), type: 'move' as const, steps: [] }, 'NOT_YOUR_TURN'],
      [{ by: by(seat), type: 'move' as const, steps: [{ from: 1, to: 0 }] }, 'ILLEGAL_TURN'],
      [{ by: by(seat), type: 'roll' as const }, 'WRONG_PHASE'],
      [{ by: by(seat), type: 'double' as const }, 'CUBE_NOT_ALLOWED'],
      [{ by: { user: 'mallory' }, type: 'move' as const, steps: [] }, 'FORBIDDEN'],
      [{ by: by(seat), type: 'timeout' as const, seat: other }, 'FORBIDDEN'],
      [{ by: by(seat), type: 'take' as const, version: before.version - 1 }, 'STALE_VERSION'],
      [{ by: by(other), type: 'claim' as const }, 'NOT_CLAIMABLE'],
      [{ by: by(seat), type: 'endSession' as const }, 'BAD_ACTION'],
    ] as const;
    for (const [cmd, code] of cases) {
      const r = await t.actor.handle(cmd);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(cmd)).toBe(code);
    }
    const bogus = await t.actor.handle({ by: by(seat), type: 'teleport' } as never);
    expect(!bogus.ok && bogus.error.code).toBe('BAD_COMMAND');
    expect(t.actor.match).toBe(before);
    expect(t.actor.n).toBe(n);
    expect((await t.log.load('g1')).length).toBe(logged);
    expect(t.seen.spectator.length).toBe(seen);
  });

  it('append before publish: a failing log leaves the state, the events and the dice untouched', async () => {
    const t = await table({ variant: 'long', matchLength: 1 }, { autoRoll: false });
    await t.actor.settled();
    const seat = t.actor.viewFor('spectator').toAct!;
    expect(t.actor.match.phase).toBe('turnStart');
    const before = t.actor.match;
    const n = t.actor.n;
    const seen = t.seen.p1.length;
    t.log.failNext = 1;
    const r = await t.actor.handle({ by: by(seat), type: 'roll' });
    expect(!r.ok && r.error.code).toBe('LOG_FAILED');
    expect(t.actor.match).toBe(before);
    expect(t.actor.n).toBe(n);
    expect(t.seen.p1.length).toBe(seen);
    // The store is back: the same throw number gives the roll.
    const again = await t.actor.handle({ by: by(seat), type: 'roll' });
    expect(again.ok).toBe(true);
    const entries = await t.log.load('g1');
    expect(verifyDice({ ...t.header.dice, actions: entries.map((e) => e.action) }).ok).toBe(true);
  });

  it('an automatic action whose append fails is retried later', async () => {
    // Long nardy without the cube: every roll is automatic.
    const t = await table({ variant: 'long', matchLength: 1 }, { retryMs: 1_000 });
    await t.actor.settled();
    expect(t.actor.match.phase).toBe('moving');
    const seat = t.actor.viewFor('spectator').toAct!;
    const next = (await t.log.load('g1')).length + 1;
    t.log.failSeqs.add(next + 1); // the move is stored; the automatic roll after it is not
    const r = await t.actor.handle({ by: by(seat), type: 'move', steps: firstTurn(legalOf(t, seat)) });
    expect(r.ok).toBe(true);
    await t.actor.settled();
    expect(t.actor.match.phase).toBe('turnStart');
    // The server owes this roll: the seat is offered nothing meanwhile, so it never races the retry.
    expect(t.actor.viewFor({ seat: t.actor.viewFor('spectator').toAct! }).legal).toBeNull();
    t.time.advance(1_000);
    await t.actor.settled();
    expect(t.actor.match.phase).toBe('moving');
    expect((await t.log.load('g1')).length).toBe(next + 1);
  });
});

describe('GameActor: reconnection and snapshots', () => {
  it('since(n) gives exactly the missed events; an old or future n gives null (resync), and the snapshot is the live state', async () => {
    const t = await table({ variant: 'short', matchLength: 3 }, { historySize: 8 });
    await untilMoving(t);
    const n0 = t.actor.n;
    const seenBefore = t.seen.p2.length;
    await playSome(t, 3);
    const missed = t.actor.since(n0, { seat: 'p2' });
    expect(missed).toEqual(t.seen.p2.slice(seenBefore));
    expect(t.actor.since(t.actor.n, { seat: 'p2' })).toEqual([]);
    expect(t.actor.since(t.actor.n + 1)).toBeNull();
    expect(t.actor.since(n0, 'spectator', 'another-epoch')).toBeNull();
    await playSome(t, 10);
    expect(t.actor.since(n0)).toBeNull();
    const snap = t.actor.viewFor({ seat: 'p2' });
    expect(snap.match).toEqual(t.actor.match);
    expect(snap.n).toBe(t.actor.n);
    expect(snap.dice.serverSeed).toBeNull();
    expect(snap.dice.clientSeeds).toEqual({ p2: 'client-b' });
    expect(t.actor.viewFor('spectator').dice.clientSeeds).toEqual({});
    const toAct = snap.toAct!;
    expect(t.actor.viewFor({ seat: toAct }).legal?.actions.some((a) => a === 'move' || a === 'roll')).toBe(true);
    // The other player may only concede meanwhile.
    const waiting = t.actor.viewFor({ seat: toAct === 'p1' ? 'p2' : 'p1' }).legal?.actions ?? [];
    expect(waiting.every((a) => a === 'resign' || a === 'surrender' || a === 'resignMatch')).toBe(true);
    expect(t.actor.viewFor('spectator').legal).toBeNull();
  });

  it('restore mid-game: the state, the throw counter and the clock carry on', async () => {
    const t = await table({ variant: 'long', matchLength: 3, timeControl: TOURNAMENT_CLOCK });
    await playSome(t, 12);
    const live = t.actor.match;
    const liveClock = t.actor.viewFor('spectator').clock;
    t.actor.close();
    const r = await GameActor.restore(t.header, t.opts);
    if (!r.ok) throw new Error(r.error.message);
    const back = r.value;
    expect(back.match).toEqual(live);
    // The clock goes on where the last action left it: the time since then (the downtime) is charged to nobody, so
    // the running move counts as begun that much later.
    const backClock = back.viewFor('spectator').clock!;
    expect({ ...backClock, since: null }).toEqual({ ...liveClock, since: null });
    const logged = await t.log.load('g1');
    expect(backClock.since).toBe(liveClock!.since! + t.time.now() - logged[logged.length - 1]!.at);
    expect(back.epoch).not.toBe(t.actor.epoch);
    // Play on after the restore: the dice still verify over the whole log.
    await playSome({ ...t, actor: back }, 6);
    const entries = await t.log.load('g1');
    expect(verifyDice({ ...t.header.dice, actions: entries.map((e) => e.action) }).ok).toBe(true);
  });
});

describe('GameActor: clocks (G8)', () => {
  it('a flag falls with nobody connected: the server applies the engine timeout', async () => {
    const t = await table({ variant: 'short', matchLength: 1, timeControl: TOURNAMENT_CLOCK }, { lagGraceMs: 500 });
    await t.actor.settled();
    const seat = t.actor.viewFor('spectator').toAct!;
    t.time.advance(180_000 + 15_000 + 499);
    await t.actor.settled();
    expect(t.actor.match.phase).not.toBe('matchOver');
    t.time.advance(2);
    await t.actor.settled();
    expect(t.actor.match.end).toEqual({ winner: seat === 'p1' ? 'p2' : 'p1', reason: 'timeout' });
    const entries = await t.log.load('g1');
    expect(entries[entries.length - 1]).toMatchObject({ by: 'server', action: { type: 'timeout', seat } });
    expect(t.seen.spectator[t.seen.spectator.length - 1]!.event.type).toBe('ended');
  });

  it('time used is stored with each action; the delay and the lag grace are charged to nobody', async () => {
    const t = await table({ variant: 'short', matchLength: 1, timeControl: TOURNAMENT_CLOCK }, { lagGraceMs: 500 });
    const seat = await untilMoving(t);
    t.time.advance(20_000);
    expect((await t.actor.handle({ by: by(seat), type: 'move', steps: firstTurn(legalOf(t, seat)) })).ok).toBe(true);
    const entries = await t.log.load('g1');
    const mv = entries.find((e) => e.action.type === 'move')!;
    expect(mv.usedMs).toBe(20_000);
    // 20 s − 0.5 s grace − 15 s delay = 4.5 s charged.
    expect(mv.clock!.left[seat]).toBe(180_000 - 4_500);
  });

  it('a command that arrives after the flag fell is preceded by the time-out', async () => {
    const t = await table({ variant: 'short', matchLength: 1, timeControl: { kind: 'perMove', limitMs: 10_000 } }, { lagGraceMs: 0 });
    const seat = await untilMoving(t);
    const cmd = { by: by(seat), type: 'move' as const, steps: [] };
    t.time.advance(10_001); // the timer fires and queues the time-out; the command comes after it
    const r = await t.actor.handle(cmd);
    expect(!r.ok && r.error.code).toBe('GAME_OVER');
    expect(t.actor.match.end?.reason).toBe('timeout');
  });
});

describe('GameActor: presence and abandonment', () => {
  it('an absent player can be claimed against after the grace; the claim resigns the match for him', async () => {
    const t = await table({ variant: 'short', matchLength: 5 }, { reconnectGraceMs: 60_000 });
    await t.actor.connect('p1');
    await t.actor.connect('p2');
    await t.actor.disconnect('p2');
    t.time.advance(30_000);
    await t.actor.settled();
    const early = await t.actor.handle({ by: by('p1'), type: 'claim' });
    expect(!early.ok && early.error.code).toBe('NOT_CLAIMABLE');
    // He comes back and leaves again: a fresh grace.
    await t.actor.connect('p2');
    await t.actor.disconnect('p2');
    t.time.advance(59_999);
    await t.actor.settled();
    expect(t.seen.spectator.some((e) => e.event.type === 'claimable')).toBe(false);
    t.time.advance(1);
    await t.actor.settled();
    expect(t.seen.spectator[t.seen.spectator.length - 1]!.event).toMatchObject({ type: 'claimable', absent: 'p2', claimant: 'p1' });
    const own = await t.actor.handle({ by: by('p2'), type: 'claim' });
    expect(!own.ok && own.error.code).toBe('NOT_CLAIMABLE');
    const r = await t.actor.handle({ by: by('p1'), type: 'claim' });
    expect(r.ok).toBe(true);
    expect(t.actor.match.end).toEqual({ winner: 'p1', reason: 'resignMatch' });
    expect(t.seen.spectator[t.seen.spectator.length - 1]!.event).toMatchObject({ type: 'ended', abandonedBy: 'p2' });
  });

  it("abort: called off against an opponent gone past the grace whose only actions were the server's; then nothing more happens", async () => {
    const t = await table({ variant: 'short', matchLength: 5, cube: { enabled: false }, timeControl: TOURNAMENT_CLOCK }, { reconnectGraceMs: 60_000 });
    await t.actor.settled();
    // The opening throw's winner is here and plays; his opponent never comes.
    const here = t.actor.viewFor('spectator').toAct!;
    const gone: Seat = here === 'p1' ? 'p2' : 'p1';
    await t.actor.connect(here);
    const early = await t.actor.handle({ by: by(here), type: 'abort' });
    expect(!early.ok && early.error.code).toBe('NOT_CLAIMABLE');
    expect((await t.actor.handle({ by: by(here), type: 'move', steps: firstTurn(legalOf(t, here)) })).ok).toBe(true);
    await t.actor.settled();
    // Without a cube the server threw for the absent seat: that is not a move of his.
    const logged = await t.log.load('g1');
    expect(logged.some((e) => e.by === 'server' && e.action.type === 'roll' && e.action.seat === gone)).toBe(true);
    t.time.advance(60_000);
    await t.actor.settled();
    const r = await t.actor.handle({ by: by(here), type: 'abort' });
    expect(r.ok).toBe(true);
    expect(t.actor.aborted).toBe(true);
    expect(t.log.aborted.get('g1')).toBe(t.time.now());
    expect(t.seen.spectator[t.seen.spectator.length - 1]!.event).toMatchObject({ type: 'ended', end: { winner: null, reason: 'aborted' } });
    const v = t.actor.viewFor({ seat: here });
    expect(v).toMatchObject({ aborted: true, toAct: null, legal: null, clock: { running: null } });
    expect(v.dice.serverSeed).toBe(t.header.dice.serverSeed);
    for (const type of ['abort', 'claim', 'resignMatch'] as const) {
      const again = await t.actor.handle({ by: by(here), type });
      expect(!again.ok && again.error.code, type).toBe('GAME_OVER');
    }
    // No timer acts on it any more: the absent player's clock would have flagged long ago.
    t.time.advance(3_600_000);
    await t.actor.settled();
    expect((await t.log.load('g1')).length).toBe(logged.length);
    expect(t.actor.match.end).toBeNull();
  });

  it('abort is refused once the absent player has made a move of his own (claim the win then); a failing log changes nothing', async () => {
    const t = await table({ variant: 'long', matchLength: 3 }, { reconnectGraceMs: 1_000 });
    await t.actor.connect('p1');
    await t.actor.connect('p2');
    const mover = await untilMoving(t);
    const stayer: Seat = mover === 'p1' ? 'p2' : 'p1';
    expect((await t.actor.handle({ by: by(mover), type: 'move', steps: firstTurn(legalOf(t, mover)) })).ok).toBe(true);
    await t.actor.disconnect(mover);
    t.time.advance(1_000);
    await t.actor.settled();
    const refused = await t.actor.handle({ by: by(stayer), type: 'abort' });
    expect(!refused.ok && refused.error.code).toBe('NOT_ABORTABLE');
    expect(!refused.ok && refused.error.message).toMatch(/claim the win/);
    expect(t.actor.aborted).toBe(false);
    expect((await t.actor.handle({ by: by(stayer), type: 'claim' })).ok).toBe(true);
    expect(t.actor.match.end).toEqual({ winner: stayer, reason: 'resignMatch' });

    const u = await table({ variant: 'short', matchLength: 1 }, { reconnectGraceMs: 1_000 });
    await u.actor.connect('p1');
    u.time.advance(1_000);
    await u.actor.settled();
    const n = u.actor.n;
    u.log.failNext = 1;
    const failed = await u.actor.handle({ by: by('p1'), type: 'abort' });
    expect(!failed.ok && failed.error.code).toBe('LOG_FAILED');
    expect(u.actor.aborted).toBe(false);
    expect(u.actor.n).toBe(n);
    expect((await u.actor.handle({ by: by('p1'), type: 'abort' })).ok).toBe(true);
    expect(u.actor.n).toBe(n + 1);
  });

  it('money session: the claim surrenders the game in progress and ends the session', async () => {
    const t = await table({ variant: 'short', matchLength: 0 }, { reconnectGraceMs: 1_000 });
    await t.actor.connect('p1');
    await untilMoving(t);
    t.time.advance(1_000);
    const r = await t.actor.handle({ by: by('p1'), type: 'claim' });
    expect(r.ok).toBe(true);
    expect(t.actor.match.games[0]).toMatchObject({ winner: 'p1', end: 'surrender' });
    expect(t.actor.match.end?.reason).toBe('sessionEnded');
  });
});

describe('GameActor: bots', () => {
  it('a bot that never answers does not stall the game: the fallback plays within its budget', async () => {
    const t = await table(
      { variant: 'short', matchLength: 1 },
      { seats: { p1: { kind: 'user', userId: USERS.p1 }, p2: { kind: 'bot', botId: 'mute' } }, bots: { mute: silentBot('mute') }, botBudgetMs: 2_000 },
    );
    const commands = await playOut(t, 3, 2_000);
    expect(commands).toBeGreaterThan(0);
    expect(t.actor.match.phase).toBe('matchOver');
    const entries = await t.log.load('g1');
    expect(entries.some((e) => e.by === 'p2' && e.action.type === 'move')).toBe(true);
  });
});

describe('GameActor: bots that misbehave', () => {
  it('an illegal or failing answer is replaced by the fallback', async () => {
    const liar = { ...firstLegalBot('liar'), chooseTurn: async () => [{ from: 1, to: 0 }], cubeDecision: async () => 'double' as const };
    const broken = { ...firstLegalBot('broken'), chooseTurn: () => Promise.reject(new Error('net down')) };
    const faults: string[] = [];
    const t = await table(
      { variant: 'short', matchLength: 1 },
      { seats: { p1: { kind: 'bot', botId: 'liar' }, p2: { kind: 'bot', botId: 'broken' } }, bots: { liar, broken }, onFault: (w) => faults.push(w) },
    );
    await t.actor.settled();
    expect(t.actor.match.phase).toBe('matchOver');
    expect(faults.some((f) => f.includes('illegally'))).toBe(true);
    expect(faults.some((f) => f.includes('failed'))).toBe(true);
  });
});

/** Plays `k` commands of random legal play (first choice for cube decisions). */
async function playSome(t: Table, k: number): Promise<void> {
  for (let i = 0; i < k && t.actor.match.phase !== 'matchOver'; i++) {
    await t.actor.settled();
    const seat = t.actor.viewFor('spectator').toAct!;
    const legal = legalOf(t, seat);
    const c = legal.actions[0]!;
    const cmd =
      c === 'move'
        ? { by: by(seat), type: 'move' as const, steps: (legal.turns[legal.turns.length - 1] ?? []).map((s) => ({ from: s.from, to: s.to })) }
        : c === 'resign'
          ? { by: by(seat), type: 'resign' as const, level: legal.resignLevels[0]! }
          : { by: by(seat), type: c };
    const r = await t.actor.handle(cmd);
    if (!r.ok) throw new Error(r.error.message);
    t.time.advance(1_000);
  }
  await t.actor.settled();
}
