import type { Challenge, ClientMessage, ServerToClient } from '@nardy/protocol';
import type { ClientLink, Reply } from '../contracts.js';
import { commitment as commitmentOf } from '../game/dice.js';
import { accountCheck, done, fail, type Check, type LobbyState } from './state.js';

/**
 * Direct challenges to a user who is online (named by id or by name, resolved against every account): pushed to all of his connections, open until accepted, declined,
 * cancelled, expired, or until the challenger's connection or the target's last one closes.
 */

type Closed = 'accepted' | 'declined' | 'cancelled' | 'expired';

function notifyClosed(lobby: LobbyState, c: Challenge, reason: Closed): void {
  const msg: ServerToClient = { type: 'challenge.closed', challengeId: c.challengeId, reason };
  lobby.sendUser(c.from.userId, msg);
  lobby.sendUser(c.to.userId, msg);
}

export function closeChallenge(lobby: LobbyState, id: string, reason: Exclude<Closed, 'accepted'>): void {
  const c = lobby.challenges.get(id);
  if (!c) return;
  lobby.challenges.delete(id);
  notifyClosed(lobby, c.challenge, reason);
}

function openChallenges(lobby: LobbyState, from: string, to: string): Check {
  const mine = [...lobby.challenges.values()].filter((c) => c.challenge.from.userId === from);
  if (mine.some((c) => c.challenge.to.userId === to)) return fail('CONFLICT', 'you already challenged this user');
  if (mine.length >= lobby.maxChallenges) return fail('CONFLICT', `at most ${lobby.maxChallenges} open challenges per player`);
  return { ok: true, value: undefined };
}

/** `to` as an online user's id, else any account's id or name (the store); null when there is none. */
async function whom(lobby: LobbyState, to: string): Promise<string | null> {
  if (lobby.userLinks.has(to)) return to;
  return lobby.options.findUser ? lobby.options.findUser(to) : null;
}

export async function challengeSend(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'challenge.send'>): Promise<Reply> {
  const me = link.viewer;
  const settings = lobby.tableSettings(msg.settings, me);
  if (!settings.ok) return settings;
  const to = await whom(lobby, msg.to);
  if (to === null) return fail('NOT_FOUND', 'no such user');
  if (to === me.userId) return fail('CONFLICT', 'you cannot challenge yourself');
  const target = lobby.onlineViewer(to);
  if (!target) return fail('NOT_CONNECTED', 'that user is not connected now');
  const account = accountCheck(settings.value, target.guest, ' on both sides');
  if (!account.ok) return account;
  const open = openChallenges(lobby, me.userId, to);
  if (!open.ok) return open;
  const ok = await lobby.canPlay(me.userId, to, settings.value);
  if (!ok.ok) return ok;

  const serverSeed = lobby.newSeed();
  const createdAt = lobby.now();
  const challenge: Challenge = {
    challengeId: lobby.newId('ch'),
    from: lobby.ref(me, settings.value),
    to: lobby.ref(target, settings.value),
    settings: settings.value,
    createdAt,
    commitment: commitmentOf(serverSeed),
  };
  lobby.challenges.set(challenge.challengeId, {
    challenge,
    linkId: link.id,
    serverSeed,
    clientSeed: msg.clientSeed,
    expiresAt: createdAt + lobby.challengeTtl,
  });
  lobby.sendUser(to, { type: 'challenge.received', challenge });
  return done({ kind: 'challenge', challengeId: challenge.challengeId });
}

/** The challenge stays open until its game has started: a start that fails leaves it as it was. */
export async function challengeAccept(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'challenge.accept'>): Promise<Reply> {
  const me = link.viewer;
  const c = lobby.challenges.get(msg.challengeId);
  if (!c) return fail('NOT_FOUND', 'no such challenge');
  if (c.challenge.from.userId === me.userId) return fail('CONFLICT', 'you cannot accept your own challenge');
  if (c.challenge.to.userId !== me.userId) return fail('FORBIDDEN', 'this challenge is not for you');
  const ok = await lobby.canPlay(me.userId, c.challenge.from.userId, c.challenge.settings);
  if (!ok.ok) return ok;
  const owner = { userId: c.challenge.from.userId, seed: c.clientSeed };
  const joiner = { userId: me.userId, seed: msg.clientSeed, ackLink: link.id };
  return lobby.startBetween({ item: `challenge:${msg.challengeId}`, settings: c.challenge.settings, owner, joiner, serverSeed: c.serverSeed }, () => {
    lobby.challenges.delete(msg.challengeId);
    notifyClosed(lobby, c.challenge, 'accepted');
  });
}

/** `decline` by the challenged user, `cancel` by the challenger. */
export function challengeAnswer(lobby: LobbyState, link: ClientLink, challengeId: string, how: 'declined' | 'cancelled'): Reply {
  const c = lobby.challenges.get(challengeId);
  if (!c) return fail('NOT_FOUND', 'no such challenge');
  const me = link.viewer.userId;
  if (how === 'declined' && c.challenge.to.userId !== me) {
    return c.challenge.from.userId === me
      ? fail('CONFLICT', 'you cannot decline your own challenge (cancel it)')
      : fail('FORBIDDEN', 'this challenge is not for you');
  }
  if (how === 'cancelled' && c.challenge.from.userId !== me) {
    return c.challenge.to.userId === me
      ? fail('CONFLICT', 'you cannot cancel a challenge to you (decline it)')
      : fail('FORBIDDEN', 'this challenge is not yours');
  }
  closeChallenge(lobby, challengeId, how);
  return done();
}
