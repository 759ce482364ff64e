import type { ClientMessage, QuickPairPool } from '@nardy/protocol';
import type { ClientLink, Reply } from '../contracts.js';
import { done, fail, type LobbyState, type PoolEntry } from './state.js';

/**
 * Quick pairing: players wait in pools of equal settings, first come first served; one who joins a pool where
 * someone is waiting (whom neither has blocked) sits down with him at once. A player who asked `dice.commit` first
 * names its commitment: the game is played with the seed of the one who was waiting, else the joiner's, else a new one.
 */

/** JSON with sorted keys: the same pool however its fields were ordered. */
const canonical = (v: unknown): string => {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
};

/** A start that fails leaves both players where they were waiting. */
export async function quickPairJoin(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'quickPair.join'>): Promise<Reply> {
  const me = link.viewer;
  const pool: QuickPairPool = msg.pool;
  const settings = lobby.tableSettings(
    { match: { variant: pool.variant, matchLength: pool.matchLength, timeControl: pool.timeControl }, rated: pool.rated, stake: 0 },
    me,
  );
  if (!settings.ok) return settings;
  const dice = lobby.preCommitted(link.id, msg.commitment);
  if (!dice.ok) return dice;
  const m = settings.value.match;
  const key = canonical({ variant: m.variant, matchLength: m.matchLength, timeControl: m.timeControl, rated: pool.rated });

  let partner: PoolEntry | null = null;
  for (const c of lobby.pools.get(key) ?? []) {
    if (c.viewer.userId === me.userId) continue;
    if (await lobby.blockedEither(me.userId, c.viewer.userId)) continue;
    partner = c;
    break;
  }
  if (!partner) {
    lobby.leavePool(me.userId);
    lobby.joinPool({ key, viewer: me, linkId: link.id, settings: settings.value, clientSeed: msg.clientSeed, serverSeed: dice.value });
    return done();
  }
  // The join is acked bare: both players learn of the game by `game.started`.
  const owner = { userId: partner.viewer.userId, seed: partner.clientSeed };
  const joiner = { userId: me.userId, seed: msg.clientSeed, ackLink: null };
  return lobby.startBetween({ settings: settings.value, owner, joiner, serverSeed: partner.serverSeed ?? dice.value });
}

export function quickPairLeave(lobby: LobbyState, link: ClientLink): Reply {
  if (!lobby.pooled.has(link.viewer.userId)) return fail('CONFLICT', 'you are not waiting in a pool');
  lobby.leavePool(link.viewer.userId);
  return done();
}
