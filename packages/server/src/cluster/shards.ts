import type { ClientToServer, ClientToServerType } from '@nardy/protocol';
import type { ShardKey, ShardOf } from './types.js';

type Of<T extends ClientToServerType> = (msg: Extract<ClientToServer, { type: T }>) => ShardKey | null;

const local = (): null => null;
const lobby = (): ShardKey => 'lobby';
const game = (msg: { readonly gameId: string }): ShardKey => `game:${msg.gameId}`;
const tournament = (msg: { readonly tournamentId: string }): ShardKey => `tournament:${msg.tournamentId}`;

/**
 * Where each client command runs (issue 43): on the owner of a shard key, or (null) on the instance the client is
 * connected to. Typed over every command type of the protocol, so a new one cannot be left without a decision.
 *
 * - A game's commands go to its owner: its actor, its subscribers and its chat rooms live there.
 * - The lobby's (seeks, challenges, quick pairing, private tables, rematches, the lobby's subscription) to the
 *   lobby's owner.
 * - A tournament's to its director's owner, but `tournament.create` (a write to the store; the new tournament's
 *   owner claims it when it first needs one).
 * - Local: the socket's own (`hello`, `ping`), bot games (started here, then owned here), dice commitments (held
 *   per connection), private messages and blocks (the store, and casts for the online), analysis (the job queue is
 *   shared).
 */
export const SHARD_OF: { readonly [T in ClientToServerType]: Of<T> } = {
  hello: local,
  ping: local,
  'lobby.subscribe': lobby,
  'lobby.unsubscribe': lobby,
  'seek.create': lobby,
  'seek.cancel': lobby,
  'seek.accept': lobby,
  'quickPair.join': lobby,
  'quickPair.leave': lobby,
  'quickPair.commit': lobby,
  'challenge.send': lobby,
  'challenge.accept': lobby,
  'challenge.decline': lobby,
  'challenge.cancel': lobby,
  'table.create': lobby,
  'table.show': lobby,
  'table.join': lobby,
  'bot.play': local,
  'dice.commit': local,
  'game.subscribe': game,
  'game.unsubscribe': game,
  'game.action': game,
  'game.next': game,
  'game.claim': game,
  'rematch.offer': lobby,
  'rematch.accept': lobby,
  'rematch.decline': lobby,
  'rematch.cancel': lobby,
  'analysis.request': local,
  'analysis.unsubscribe': local,
  'tournament.create': local,
  'tournament.register': tournament,
  'tournament.leave': tournament,
  'tournament.cancel': tournament,
  'tournament.subscribe': tournament,
  'tournament.unsubscribe': tournament,
  'chat.send': (msg) => {
    const r = msg.room;
    if (r.kind === 'lobby') return 'lobby';
    if (r.kind === 'tournament') return `tournament:${r.tournamentId}`;
    return `game:${r.gameId}`;
  },
  'pm.send': local,
  'user.block': local,
  'user.unblock': local,
};

/** The default `ShardOf`: `SHARD_OF` by the command's type. */
export const shardOf: ShardOf = (msg) => (SHARD_OF[msg.type] as (m: ClientToServer) => ShardKey | null)(msg);
