import { CLIENT_TO_SERVER_TYPES, type ClientToServer } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { LOBBY_TYPES } from '../lobby/lobby.js';
import { SHARD_OF, shardOf } from './shards.js';

const msg = (m: Record<string, unknown>): ClientToServer => ({ id: '1', ...m }) as unknown as ClientToServer;

describe('shardOf', () => {
  it('has a decision for every command type of the protocol, and no other', () => {
    expect(Object.keys(SHARD_OF).sort()).toEqual([...CLIENT_TO_SERVER_TYPES].sort());
  });

  it("runs a game's commands at its owner, the lobby's at the lobby's", () => {
    for (const type of ['game.subscribe', 'game.unsubscribe', 'game.action', 'game.claim', 'game.next']) {
      expect(shardOf(msg({ type, gameId: 'g1' }))).toBe('game:g1');
    }
    for (const type of LOBBY_TYPES) expect(shardOf(msg({ type, gameId: 'g1', seekId: 's', challengeId: 'c', token: 't' }))).toBe('lobby');
  });

  it('sends chat by room, a tournament by its id, and keeps the rest local', () => {
    expect(shardOf(msg({ type: 'chat.send', room: { kind: 'lobby' }, text: 'hi' }))).toBe('lobby');
    expect(shardOf(msg({ type: 'chat.send', room: { kind: 'table', gameId: 'g1' }, text: 'hi' }))).toBe('game:g1');
    expect(shardOf(msg({ type: 'chat.send', room: { kind: 'spectators', gameId: 'g2' }, text: 'hi' }))).toBe('game:g2');
    expect(shardOf(msg({ type: 'chat.send', room: { kind: 'tournament', tournamentId: 't1' }, text: 'hi' }))).toBe('tournament:t1');
    for (const type of ['tournament.register', 'tournament.leave', 'tournament.cancel', 'tournament.subscribe', 'tournament.unsubscribe']) {
      expect(shardOf(msg({ type, tournamentId: 't1' }))).toBe('tournament:t1');
    }
    for (const type of [
      'hello',
      'ping',
      'bot.play',
      'dice.commit',
      'tournament.create',
      'pm.send',
      'user.block',
      'user.unblock',
      'analysis.request',
      'analysis.unsubscribe',
    ]) {
      expect(shardOf(msg({ type, gameId: 'g1', tournamentId: 't1' }))).toBeNull();
    }
  });
});
