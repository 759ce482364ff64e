import { randomBytes } from 'node:crypto';
import type { ClientMessage } from '@nardy/protocol';
import type { ClientLink, Reply } from '../contracts.js';
import { commitment as commitmentOf } from '../game/dice.js';
import { accountCheck, done, fail, type LobbyState } from './state.js';

/**
 * Private tables by link: not listed in the lobby; the creator shares the token, and the first other player who
 * joins with it sits down. A table waits for its guest until it expires or its creator's connection closes. Its
 * game is private too: not among the live games, watched only with the watch token its players share (games/).
 */

export const defaultToken = (): string => randomBytes(18).toString('base64url');

export async function tableCreate(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'table.create'>, newToken: () => string): Promise<Reply> {
  const me = link.viewer;
  const settings = lobby.tableSettings(msg.settings, me);
  if (!settings.ok) return settings;
  const mine = [...lobby.tables.values()].filter((t) => t.owner.userId === me.userId).length;
  if (mine >= lobby.maxTables) return fail('CONFLICT', `at most ${lobby.maxTables} private tables per player`);
  const chips = await lobby.chipsFor(me.userId, settings.value);
  if (!chips.ok) return chips;
  let token = newToken();
  while (lobby.tables.has(token)) token = newToken();
  const serverSeed = lobby.newSeed();
  const commitment = commitmentOf(serverSeed);
  lobby.tables.set(token, {
    token,
    owner: me,
    linkId: link.id,
    settings: settings.value,
    serverSeed,
    commitment,
    clientSeed: msg.clientSeed,
    expiresAt: lobby.now() + lobby.tableTtl,
  });
  return done({ kind: 'table', token, commitment });
}

/** What a table plays and who made it: the visitor reads it before he sits down (`table.join`). */
export function tableShow(lobby: LobbyState, token: string): Reply {
  const t = lobby.tables.get(token);
  if (!t) return fail('NOT_FOUND', 'no such table (it may have been taken, cancelled or expired)');
  return done({ kind: 'tableInfo', settings: t.settings, host: lobby.ref(t.owner, t.settings) });
}

/** The table waits until its game has started: a start that fails leaves it as it was. */
export async function tableJoin(lobby: LobbyState, link: ClientLink, msg: ClientMessage<'table.join'>): Promise<Reply> {
  const me = link.viewer;
  const t = lobby.tables.get(msg.token);
  if (!t) return fail('NOT_FOUND', 'no such table (it may have been taken, cancelled or expired)');
  if (t.owner.userId === me.userId) return fail('CONFLICT', 'this is your own table: share its link');
  const account = accountCheck(t.settings, me.guest);
  if (!account.ok) return account;
  const ok = await lobby.canPlay(me.userId, t.owner.userId, t.settings);
  if (!ok.ok) return ok;
  const owner = { userId: t.owner.userId, seed: t.clientSeed };
  const joiner = { userId: me.userId, seed: msg.clientSeed, ackLink: link.id };
  return lobby.startBetween({ item: `table:${msg.token}`, settings: t.settings, owner, joiner, serverSeed: t.serverSeed, private: true }, () =>
    lobby.tables.delete(msg.token),
  );
}

/** The creator withdraws his table (the protocol has no command for it yet). */
export function tableCancel(lobby: LobbyState, link: ClientLink, token: string): Reply {
  const t = lobby.tables.get(token);
  if (!t) return fail('NOT_FOUND', 'no such table');
  if (t.owner.userId !== link.viewer.userId) return fail('FORBIDDEN', 'only the table\u2019s creator may cancel it');
  lobby.tables.delete(token);
  return done();
}
