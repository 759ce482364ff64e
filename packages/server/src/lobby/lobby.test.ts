import { matchSettings } from '@nardy/engine';
import { ServerToClientSchema, type GameSummary } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { LOBBY_TYPES } from './lobby.js';
import { SETTINGS, code, fakeLink, kit, settle } from './test-kit.suite.js';

const match = matchSettings({ variant: 'long', matchLength: 3 });
if (!match.ok) throw new Error(match.error.message);

const summary = (gameId: string): GameSummary => ({
  gameId,
  players: { p1: { userId: 'x', name: 'X', guest: false }, p2: { userId: 'y', name: 'Y', guest: false } },
  settings: { match: match.value, rated: false, stake: 0 },
  score: { p1: 0, p2: 0 },
  spectators: 0,
  startedAt: 1,
});

describe('lobby: subscriptions and pushes', () => {
  it('sends a snapshot on subscribe, then seeks and games as they come and go, to subscribers only', async () => {
    const k = kit();
    const watcher = fakeLink('w');
    const other = fakeLink('o');
    const alice = fakeLink('alice');
    await k.lobby.connected(other);
    k.lobby.gameStarted(summary('g0'));
    expect(code(await k.send(watcher, { type: 'lobby.subscribe' }))).toBe('ok');
    const [snap] = watcher.take('lobby.snapshot');
    expect(snap?.games.map((g) => g.gameId)).toEqual(['g0']);
    expect(snap?.seeks).toEqual([]);
    expect(snap?.online).toBe(2);

    const r = await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    expect(r.ok && r.value).toEqual({ kind: 'seek', seekId: 's1' });
    k.lobby.gameStarted(summary('g9'));
    await k.lobby.gameEnded('g0');
    await k.lobby.gameEnded('nope');
    expect(code(await k.send(alice, { type: 'seek.cancel', seekId: 's1' }))).toBe('ok');
    expect(watcher.sent.map((m) => m.type)).toEqual(['lobby.userJoined', 'lobby.seekAdded', 'lobby.gameAdded', 'lobby.gameRemoved', 'lobby.seekRemoved']);
    for (const m of watcher.sent) expect(ServerToClientSchema.safeParse(m).success).toBe(true);
    expect(other.sent).toEqual([]);
    expect(alice.sent).toEqual([]);

    expect(code(await k.send(watcher, { type: 'lobby.unsubscribe' }))).toBe('ok');
    expect(code(await k.send(watcher, { type: 'lobby.unsubscribe' }))).toBe('ok');
    watcher.sent.length = 0;
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    expect(watcher.sent).toEqual([]);
  });

  it('a second subscribe sends a fresh snapshot; a closed link gets nothing more', async () => {
    const k = kit();
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    await k.send(w, { type: 'lobby.subscribe' });
    expect(w.take('lobby.snapshot')).toHaveLength(2);
    await k.lobby.disconnected(w);
    k.lobby.gameStarted(summary('g1'));
    expect(w.sent).toEqual([]);
    expect(code(await k.send(w, { type: 'lobby.subscribe' }))).toBe('UNAVAILABLE');
    expect(k.lobby.state().links).toEqual([]);
  });

  it('handles exactly the lobby commands, and not bot.play', () => {
    const k = kit();
    expect(k.lobby.types).toEqual(LOBBY_TYPES);
    expect(k.lobby.types).not.toContain('bot.play');
  });
});

describe('lobby: one command at a time', () => {
  /** Answers held until the test lets them go: a command stays in its await while the test sends more. */
  class Gate {
    readonly waiting: (() => void)[] = [];
    hold<T>(value: T): Promise<T> {
      return new Promise((resolve) => this.waiting.push(() => resolve(value)));
    }
    /** Lets the held answers go (and those they lead to) until `p` has settled. */
    async until(p: Promise<unknown>): Promise<void> {
      let over = false;
      void p.finally(() => (over = true));
      for (let i = 0; !over; i++) {
        if (i === 100) throw new Error('the command never finished');
        for (const release of this.waiting.splice(0)) release();
        await settle();
      }
    }
  }

  it('two accepts of one seek: the second starts only when the first has answered, and finds the seek gone', async () => {
    const gate = new Gate();
    const k = kit({ isBlocked: () => gate.hold(false) });
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    const answered: string[] = [];
    const bob = k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' }).then((r) => (answered.push('bob'), r));
    const carol = k.send(fakeLink('carol'), { type: 'seek.accept', seekId: 's1' }).then((r) => (answered.push('carol'), r));
    await settle();
    // Bob's block check is under way; Carol's command has not begun.
    expect(gate.waiting).toHaveLength(1);
    expect(answered).toEqual([]);
    await gate.until(bob);
    expect(code(await bob)).toBe('ok');
    expect(code(await carol)).toBe('NOT_FOUND');
    expect(answered).toEqual(['bob', 'carol']);
    expect(gate.waiting).toEqual([]);
    expect(k.factory.requests).toHaveLength(1);
    expect(k.lobby.state().seeks).toEqual([]);
  });

  it('a game being made does not hold the lobby: others seek and start meanwhile; its own players wait for it', async () => {
    const k = kit();
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    await k.send(fakeLink('carol'), { type: 'seek.create', settings: SETTINGS });
    k.factory.hold = true;
    const bob = k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' });
    await settle();
    expect(k.factory.held).toHaveLength(1);
    // Alice's game is being made: Dave takes Carol's seek and Erin posts one, without waiting for it.
    const dave = k.send(fakeLink('dave'), { type: 'seek.accept', seekId: 's2' });
    expect(code(await k.send(fakeLink('erin'), { type: 'seek.create', settings: SETTINGS }))).toBe('ok');
    await settle();
    expect(k.factory.held).toHaveLength(2);
    // Alice's own command waits for her game: her seek is not cancelled under it.
    const cancel = k.send(fakeLink('alice'), { type: 'seek.cancel', seekId: 's1' });
    await settle();
    for (const release of k.factory.held.splice(0)) release();
    expect(code(await bob)).toBe('ok');
    expect(code(await dave)).toBe('ok');
    expect(code(await cancel)).toBe('NOT_FOUND');
    expect(k.factory.requests).toHaveLength(2);
    expect(k.lobby.state().seeks.map((x) => x.by.userId)).toEqual(['erin']);
  });

  it('two seeks posted at once past the cap: the second waits out the first\u2019s chips check, then meets the cap', async () => {
    const gate = new Gate();
    const k = kit({ maxSeeksPerUser: 1, chips: { canStake: () => gate.hold(true) } });
    const staked = { ...SETTINGS, stake: 10 };
    const first = k.send(fakeLink('alice'), { type: 'seek.create', settings: staked });
    const second = k.send(fakeLink('alice'), { type: 'seek.create', settings: staked });
    await settle();
    expect(gate.waiting).toHaveLength(1);
    await gate.until(first);
    expect(code(await first)).toBe('ok');
    expect(code(await second)).toBe('LIMIT_REACHED');
    expect(gate.waiting).toEqual([]);
    expect(k.lobby.state().seeks).toHaveLength(1);
  });

  it('a challenge cancelled and expiring while its accept starts the game: both wait, and find it accepted', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    bob.sent.length = 0;
    k.factory.hold = true;
    const accept = k.send(bob, { type: 'challenge.accept', challengeId: 'ch1' });
    await settle();
    expect(k.factory.requests).toHaveLength(1);
    const cancel = k.send(alice, { type: 'challenge.cancel', challengeId: 'ch1' });
    k.clock.advance(60_000);
    const expiry = k.lobby.expire();
    await settle();
    expect(alice.sent).toEqual([]);
    expect(k.lobby.state().challenges).toHaveLength(1);
    k.factory.held.forEach((release) => release());
    expect(code(await accept)).toBe('ok');
    expect(code(await cancel)).toBe('NOT_FOUND');
    await expiry;
    expect(alice.sent).toEqual([
      { type: 'challenge.closed', challengeId: 'ch1', reason: 'accepted' },
      { type: 'game.started', gameId: 'g1', seat: 'p1' },
    ]);
    expect(bob.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'accepted' }]);
    expect(k.lobby.state().challenges).toEqual([]);
  });

  it('the owner leaving while his seek is being accepted: the leave waits its turn, then takes the seek a failed start left', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    k.factory.hold = true;
    k.factory.failures.push({ code: 'INTERNAL', message: 'x' });
    const pending = k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' });
    await settle();
    expect(k.factory.requests).toHaveLength(1);
    const left = k.lobby.disconnected(alice);
    await settle();
    expect(k.lobby.state().links).toContain(alice.id);
    k.factory.held.forEach((release) => release());
    expect(code(await pending)).toBe('INTERNAL');
    await left;
    expect(k.lobby.state().seeks).toEqual([]);
    expect(k.lobby.state().links).not.toContain(alice.id);
  });

  it('a game that ends while a subscriber\u2019s snapshot is on its way: in the snapshot, then removed', async () => {
    const gate = new Gate();
    const k = kit({ room: { joined: () => gate.hold(undefined), left: () => undefined } });
    k.lobby.gameStarted(summary('g0'));
    const w = fakeLink('w');
    const subscribed = k.send(w, { type: 'lobby.subscribe' });
    await settle();
    const ended = k.lobby.gameEnded('g0');
    await settle();
    expect(k.lobby.state().games.map((g) => g.gameId)).toEqual(['g0']);
    await gate.until(subscribed);
    await ended;
    expect(w.sent.map((m) => m.type)).toEqual(['lobby.snapshot', 'lobby.gameRemoved']);
    expect(k.lobby.state().games).toEqual([]);
  });
});
