import { ServerToClientSchema, type ServerToClient, type TableSettingsInput, type UserGames } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { acked, connect, lastView, settle, world, type World } from '../games/kit.suite.js';
import type { MemoryClient } from '../ws/memory.js';

/** Who is online, challenges by name, ratings in the lobby and the profile's stats, through the production wiring (`createApp`). */

const TABLE: TableSettingsInput = {
  match: { variant: 'long', matchLength: 1, timeControl: { kind: 'none' } },
  rated: true,
  stake: 0,
};

let w: World;
afterEach(async () => {
  expect(w.faults).toEqual([]);
  await w.close();
});

const of = <T extends ServerToClient['type']>(msgs: readonly ServerToClient[], type: T) =>
  msgs.filter((m): m is Extract<ServerToClient, { type: T }> => m.type === type);
const tick = () => new Promise<void>((r) => setImmediate(r));

describe('lobby: who is online', () => {
  it('lists every signed-in user and guest with ratings, not anonymous watchers; joined and left as they come and go', async () => {
    w = await world();
    await connect(w, 'bob');
    const guest = await connect(w);
    const anonymous = await w.transport.connect();
    acked(await anonymous.command({ type: 'hello', protocol: 2 }));
    const alice = await connect(w, 'alice');
    acked(await alice.command({ type: 'lobby.subscribe' }));
    const [snap] = of(alice.received, 'lobby.snapshot');
    expect(ServerToClientSchema.safeParse(snap).success).toBe(true);
    expect(snap!.online).toBe(3);
    const listed = snap!.players!;
    expect(listed.map((p) => p.user.name).sort()).toEqual(['Alice', 'Bob', expect.stringMatching(/^Guest/i)].sort());
    expect(listed.find((p) => p.user.name === 'Alice')?.user.guest).toBe(false);
    expect(listed.find((p) => p.user.guest)).toBeDefined();
    // No rated game yet: the start rating in every variant.
    expect(listed.find((p) => p.user.name === 'Bob')?.ratings).toContainEqual({ variant: 'long', rating: 1500, games: 0, provisional: true });

    const carol = await connect(w, 'carol');
    await tick();
    const [joined] = of(alice.received, 'lobby.userJoined');
    expect(joined?.player.user).toMatchObject({ name: 'Carol', guest: false });
    expect(joined?.player.ratings).toHaveLength(3);
    carol.close();
    guest.close();
    await tick();
    expect(of(alice.received, 'lobby.userLeft').map((m) => m.userId)).toEqual([w.users['carol']!.userId, expect.any(String)]);
  });

  it('a challenge by name reaches a player who only sits in the lobby, on every socket; an offline one is NOT_CONNECTED', async () => {
    w = await world();
    const alice = await connect(w, 'alice');
    const bob = await connect(w, 'bob');
    const bobTab = await connect(w, 'bob');
    acked(await bob.command({ type: 'lobby.subscribe' }));
    // By username, case ignored; a display name works the same way.
    const r = await alice.command({ type: 'challenge.send', to: 'BOB', settings: TABLE });
    expect(r).toMatchObject({ type: 'ack', result: { kind: 'challenge' } });
    await tick();
    for (const c of [bob, bobTab]) {
      const [got] = of(c.received, 'challenge.received');
      expect(got?.challenge.to.userId).toBe(w.users['bob']!.userId);
      expect(got?.challenge.from).toMatchObject({ name: 'Alice', rating: 1500 });
    }
    expect(await alice.command({ type: 'challenge.send', to: 'Carol', settings: TABLE })).toMatchObject({ type: 'error', code: 'NOT_CONNECTED' });
    expect(await alice.command({ type: 'challenge.send', to: 'Nobody Here', settings: TABLE })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });

    const id = of(bob.received, 'challenge.received')[0]!.challenge.challengeId;
    const acc = await bob.command({ type: 'challenge.accept', challengeId: id });
    if (acc.type !== 'ack' || acc.result?.kind !== 'game') throw new Error('not accepted');
    const gameId = acc.result.gameId;
    await tick();
    const [game] = of(bob.received, 'lobby.gameAdded');
    expect(game?.game.players.p1).toMatchObject({ name: 'Alice', rating: 1500 });
    expect(game?.game.players.p2).toMatchObject({ name: 'Bob', rating: 1500 });

    // Bob gives up the rated match: the online list shows both players' new ratings.
    acked(await bob.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    // The game room's player bars show the ratings the match started with.
    expect(lastView(bob, gameId).players.p1.user).toMatchObject({ name: 'Alice', rating: 1500 });
    acked(await bob.command({ type: 'game.action', gameId, version: lastView(bob, gameId).version, action: { type: 'resignMatch' } }));
    const moved = (c: MemoryClient, name: string) =>
      c.waitFor((m) => m.type === 'lobby.userJoined' && m.player.user.name === name && m.player.ratings.some((r) => r.games === 1));
    const aliceNow = await moved(bob, 'Alice');
    expect(aliceNow.type === 'lobby.userJoined' && aliceNow.player.ratings.find((r) => r.variant === 'long')!.rating).toBeGreaterThan(1500);
    await moved(bob, 'Bob');
    // Bob's profile shows his rated record per variant.
    const profile = await w.app.http.inject({ method: 'GET', url: `/api/users/${w.users['bob']!.userId}/games` });
    const stats = (profile.json() as UserGames).stats;
    expect(stats).toEqual([{ variant: 'long', rating: expect.any(Number), games: 1, wins: 0, losses: 1, draws: 0, experience: 1, provisional: true }]);
    expect(stats![0]!.rating).toBeLessThan(1500);

    // And her next seek shows her rating in its variant (the start rating in another).
    acked(await alice.command({ type: 'seek.create', settings: TABLE }));
    acked(await alice.command({ type: 'seek.create', settings: { ...TABLE, match: { ...TABLE.match, variant: 'short' } } }));
    await tick();
    const shown = of(bob.received, 'lobby.seekAdded').map((m) => m.seek.by.rating);
    expect(shown[0]).toBeGreaterThan(1500);
    expect(shown[1]).toBe(1500);
  });
});
