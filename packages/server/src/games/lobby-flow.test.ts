import { commitment as commitmentOf } from '../game/dice.js';
import { VARIANT_IDS } from '@nardy/engine';
import type { ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { acked, checkNumbering, connect, lastView, playOut, recorded, STORE_KINDS, TEST_SEED, world, type World } from './kit.suite.js';

/**
 * The whole path a player takes, through the server as `createApp` wires it: a seek in the lobby, accepted by another
 * user, the match played to a scored end from both players' views, the lobby's games list updated, and the
 * table's dice commitment (shown with the seek) the one the game's dice really come from (G10).
 */
describe.each(STORE_KINDS.flatMap((kind) => VARIANT_IDS.map((variant) => [variant, kind] as const)))(
  '%s, %s store: seek → accept → a match to a scored end',
  (variant, kind) => {
    let w: World | undefined;
    afterEach(async () => {
      await w?.close();
      w = undefined;
    });

    it('plays out, with lobby pushes and a verifiable commitment', async () => {
      // Both players answer at machine speed here; the per-connection rate limit is for people.
      w = await world(kind, { rateLimit: { perSecond: 1e9, burst: 1e9 } });
      const alice = await connect(w, 'alice');
      const bob = await connect(w, 'bob');
      const carol = await connect(w, 'carol');
      acked(await carol.command({ type: 'lobby.subscribe' }));
      acked(await alice.command({ type: 'chat.send', room: { kind: 'lobby' }, text: 'Кто сыграет в длинные?' }));
      expect(carol.received.some((m) => m.type === 'chat.message' && m.room.kind === 'lobby' && m.text === 'Кто сыграет в длинные?')).toBe(true);

      const seek = await alice.command({
        type: 'seek.create',
        settings: { match: { variant, matchLength: 1 }, rated: true, stake: 0 },
      });
      acked(seek);
      const seekId = seek.type === 'ack' && seek.result?.kind === 'seek' ? seek.result.seekId : '';
      const added = carol.received.find((m): m is Extract<ServerToClient, { type: 'lobby.seekAdded' }> => m.type === 'lobby.seekAdded');
      expect(added?.seek.seekId).toBe(seekId);
      expect(added?.seek.commitment).toBe(commitmentOf(TEST_SEED));

      const accepted = await bob.command({ type: 'seek.accept', seekId });
      acked(accepted);
      const gameId = accepted.type === 'ack' && accepted.result?.kind === 'game' ? accepted.result.gameId : '';
      expect(carol.received.some((m) => m.type === 'lobby.seekRemoved')).toBe(true);
      expect(carol.received.some((m) => m.type === 'lobby.gameAdded' && m.game.gameId === gameId)).toBe(true);

      for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
      await playOut(w, gameId, [alice, bob]);
      const end = lastView(alice, gameId);
      expect(end.phase).toBe('matchOver');
      expect(end.diceProof.commitment).toBe(commitmentOf(TEST_SEED));
      expect(end.diceProof.serverSeed).toBe(TEST_SEED);
      checkNumbering(alice, gameId);
      checkNumbering(bob, gameId);
      expect(carol.received.some((m) => m.type === 'lobby.gameRemoved' && m.gameId === gameId)).toBe(true);

      // The match is recorded (result, rating) just after its last event goes out.
      await recorded(w, gameId);
      // The seek was rated: both players are on the variant's top-players table, the winner above (FIBS ratings).
      let top: Awaited<ReturnType<World['store']['topPlayers']>> | undefined;
      for (let i = 0; i < 200; i++) {
        top = await w.store.topPlayers(variant, 10);
        if (top.ok && top.value.length === 2) break;
        await new Promise<void>((r) => setTimeout(r, 10));
      }
      expect(top?.ok && top.value.map((p) => p.games)).toEqual([1, 1]);
      const winner = end.score.p1 > end.score.p2 ? 'p1' : 'p2';
      expect(top?.ok && top.value[0]!.userId).toBe(end.players[winner].user.userId);

      // Rematch: the seats swap.
      acked(await alice.command({ type: 'rematch.offer', gameId }));
      const again = await bob.command({ type: 'rematch.accept', gameId });
      acked(again);
      expect(again.type === 'ack' && again.result?.kind === 'game' && again.result.seat).toBe(
        accepted.type === 'ack' && accepted.result?.kind === 'game' && accepted.result.seat === 'p1' ? 'p2' : 'p1',
      );
      expect(w.faults).toEqual([]);
    }, 60_000);
  },
);
