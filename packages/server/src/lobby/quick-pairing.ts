import { commitment, type ClientMessage, type QuickPairPool, type TableSettings } from '@nardy/protocol';
import type { ClientLink, Reply, Viewer } from '../contracts.js';
import { done, fail, type Check, type LobbyState, type PoolEntry } from './state.js';

/**
 * Quick pairing: players wait in pools of equal settings, first come first served; one who joins a pool where
 * someone is waiting (whom neither has blocked) sits down with him at once, with the seed of the one who waited.
 * G10 for both: `quickPair.commit` shows the joiner that seed's commitment (or, when nobody waits, a fresh one he
 * will wait with) before `quickPair.join` gives his client seed naming it; a join naming another is refused.
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

function poolOf(lobby: LobbyState, me: Viewer, pool: QuickPairPool): Check<{ key: string; settings: TableSettings }> {
  const settings = lobby.tableSettings(
    { match: { variant: pool.variant, matchLength: pool.matchLength, timeControl: pool.timeControl }, rated: pool.rated, stake: 0 },
    me,
  );
  if (!settings.ok) return settings;
  const m = settings.value.match;
  const key = canonical({ variant: m.variant, matchLength: m.matchLength, timeControl: m.timeControl, rated: pool.rated });
  return { ok: true, value: { key, settings: settings.value } };
}

const committedTo = (e: PoolEntry): string | undefined => (e.serverSeed === undefined ? undefined : commitment(e.serverSeed));

/** Whom `me` would sit down with: the one waiting on the commitment he named, else the first (neither blocked). */
async function partnerFor(lobby: LobbyState, me: Viewer, key: string, named: string | undefined): Promise<PoolEntry | null> {
  const open: PoolEntry[] = [];
  for (const c of lobby.pools.get(key) ?? []) {
    if (c.viewer.userId === me.userId || lobby.starting.has(`user:${c.viewer.userId}`) || (await lobby.blockedEither(me.userId, c.viewer.userId))) continue;
    open.push(c);
  }
  return open.find((c) => named !== undefined && committedTo(c) === named) ?? open[0] ?? null;
}

export async function quickPairCommit(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'quickPair.commit'>): Promise<Reply> {
  const pool = poolOf(lobby, link.viewer, msg.pool);
  if (!pool.ok) return pool;
  const waiting = await partnerFor(lobby, link.viewer, pool.value.key, undefined);
  const c = (waiting && committedTo(waiting)) ?? lobby.options.commitments?.give(link.id);
  return c === undefined ? fail('UNAVAILABLE', 'this server gives no dice commitments') : done({ kind: 'commitment', commitment: c });
}

/** A start that fails leaves both players where they were waiting. */
export async function quickPairJoin(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'quickPair.join'>): Promise<Reply> {
  const me = link.viewer;
  const pool = poolOf(lobby, me, msg.pool);
  if (!pool.ok) return pool;
  const { key, settings } = pool.value;
  const partner = await partnerFor(lobby, me, key, msg.commitment);
  const partnerSeed = partner?.serverSeed;
  // The pool changed since quickPair.commit: his seed must not go to a game whose commitment he did not see.
  if (partner && partnerSeed !== undefined && msg.commitment !== undefined && committedTo(partner) !== msg.commitment) {
    return fail('CONFLICT', 'someone else waits in this pool now: ask quickPair.commit again for his dice commitment');
  }
  const dice = partnerSeed === undefined ? lobby.preCommitted(link.id, msg.commitment) : { ok: true as const, value: undefined };
  if (!dice.ok) return dice;
  if (!partner) {
    lobby.leavePool(me.userId);
    lobby.joinPool({ key, viewer: me, linkId: link.id, settings, clientSeed: msg.clientSeed, serverSeed: dice.value });
    return done();
  }
  // The join is acked bare: both players learn of the game by `game.started`.
  const owner = { userId: partner.viewer.userId, seed: partner.clientSeed };
  const joiner = { userId: me.userId, seed: msg.clientSeed, ackLink: null };
  return lobby.startBetween({ settings, owner, joiner, serverSeed: partnerSeed ?? dice.value });
}

export function quickPairLeave(lobby: LobbyState, link: ClientLink): Reply {
  if (!lobby.pooled.has(link.viewer.userId)) return fail('CONFLICT', 'you are not waiting in a pool');
  lobby.leavePool(link.viewer.userId);
  return done();
}
