import type { ClientMessage, Seek } from '@nardy/protocol';
import type { ClientLink, Reply } from '../contracts.js';
import { commitment as commitmentOf } from '../game/dice.js';
import { accountCheck, done, fail, type LobbyState } from './state.js';

/** Open seeks: listed to the lobby's subscribers; the first other player who accepts sits down. */

const tooMany = (lobby: LobbyState): Reply => fail('LIMIT_REACHED', `at most ${lobby.maxSeeks} open seeks per player`);
/** One address's players together: guests made one after another from one place cannot fill the lobby. */
const DEFAULT_SEEKS_PER_ADDRESS = 10;

export async function seekCreate(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'seek.create'>): Promise<Reply> {
  const me = link.viewer;
  const settings = lobby.tableSettings(msg.settings, me);
  if (!settings.ok) return settings;
  const mine = [...lobby.seeks.values()].filter((s) => s.seek.by.userId === me.userId).length;
  if (mine >= lobby.maxSeeks) return tooMany(lobby);
  const perAddress = lobby.options.maxSeeksPerAddress ?? DEFAULT_SEEKS_PER_ADDRESS;
  if (link.address !== undefined && [...lobby.seeks.values()].filter((s) => lobby.links.get(s.linkId)?.address === link.address).length >= perAddress) {
    return fail('LIMIT_REACHED', `at most ${perAddress} open seeks from one address`);
  }
  const chips = await lobby.chipsFor(me.userId, settings.value);
  if (!chips.ok) return chips;
  const serverSeed = lobby.newSeed();
  const seek: Seek = {
    seekId: lobby.newId('s'),
    by: lobby.ref(me, settings.value),
    settings: settings.value,
    createdAt: lobby.now(),
    commitment: commitmentOf(serverSeed),
  };
  lobby.addSeek({ seek, linkId: link.id, serverSeed, clientSeed: msg.clientSeed });
  return done({ kind: 'seek', seekId: seek.seekId });
}

export function seekCancel(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'seek.cancel'>): Reply {
  const s = lobby.seeks.get(msg.seekId);
  if (!s) return fail('NOT_FOUND', 'no such seek');
  if (s.seek.by.userId !== link.viewer.userId) return fail('FORBIDDEN', 'only the seek\u2019s owner may cancel it');
  lobby.removeSeek(msg.seekId);
  return done();
}

/** The seek stays listed until its game has started: a start that fails leaves it as it was. */
export async function seekAccept(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'seek.accept'>): Promise<Reply> {
  const me = link.viewer;
  const s = lobby.seeks.get(msg.seekId);
  if (!s) return fail('NOT_FOUND', 'no such seek');
  if (s.seek.by.userId === me.userId) return fail('CONFLICT', 'you cannot accept your own seek');
  const account = accountCheck(s.seek.settings, me.guest);
  if (!account.ok) return account;
  const ok = await lobby.canPlay(me.userId, s.seek.by.userId, s.seek.settings);
  if (!ok.ok) return ok;
  const owner = { userId: s.seek.by.userId, seed: s.clientSeed };
  const joiner = { userId: me.userId, seed: msg.clientSeed, ackLink: link.id };
  return lobby.startBetween({ item: `seek:${msg.seekId}`, settings: s.seek.settings, owner, joiner, serverSeed: s.serverSeed }, () =>
    lobby.removeSeek(msg.seekId),
  );
}
