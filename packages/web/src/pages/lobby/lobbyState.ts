/**
 * The lobby as the server tells it (docs/protocol.md §4, §9): open seeks, live games to watch, who is online
 * (and how many), and the lobby chat. A snapshot replaces everything (also after a reconnect); the rest are deltas.
 */
import { appendChatLine, type ChatLine } from '../../app/chatLines';
import { LIMITS, type GameSummary, type OnlinePlayer, type Seek, type ServerToClient, type UserRef } from '@nardy/protocol';

export interface LobbyState {
  /** False until the first snapshot. */
  readonly ready: boolean;
  readonly seeks: readonly Seek[];
  readonly games: readonly GameSummary[];
  readonly online: number;
  /** The server's online list (bounded by it; kept bounded here too). */
  readonly players: readonly OnlinePlayer[];
  readonly chat: readonly ChatLine[];
}

export const EMPTY_LOBBY: LobbyState = { ready: false, seeks: [], games: [], online: 0, players: [], chat: [] };

const upsert = <T>(list: readonly T[], item: T, same: (a: T) => boolean): T[] => (list.some(same) ? list.map((x) => (same(x) ? item : x)) : [...list, item]);

export function lobbyReducer(s: LobbyState, msg: ServerToClient): LobbyState {
  switch (msg.type) {
    case 'lobby.snapshot':
      return { ...s, ready: true, seeks: msg.seeks, games: msg.games, online: msg.online, players: msg.players ?? [] };
    case 'lobby.seekAdded':
      return { ...s, seeks: upsert(s.seeks, msg.seek, (x) => x.seekId === msg.seek.seekId) };
    case 'lobby.seekRemoved':
      return { ...s, seeks: s.seeks.filter((x) => x.seekId !== msg.seekId) };
    case 'lobby.gameAdded':
      return { ...s, games: upsert(s.games, msg.game, (x) => x.gameId === msg.game.gameId) };
    case 'lobby.gameRemoved':
      return { ...s, games: s.games.filter((x) => x.gameId !== msg.gameId) };
    case 'lobby.userJoined': {
      const players = upsert(s.players, msg.player, (x) => x.user.userId === msg.player.user.userId);
      return { ...s, players: players.slice(0, LIMITS.onlineListed) };
    }
    case 'lobby.userLeft':
      return { ...s, players: s.players.filter((x) => x.user.userId !== msg.userId) };
    case 'chat.message':
      return msg.room.kind === 'lobby' ? { ...s, chat: appendChatLine(s.chat, msg) } : s;
    default:
      return s;
  }
}

/** Everyone the lobby has shown (who is online, seek owners, players of live games, chat writers), each once. */
export function knownUsers(s: LobbyState): UserRef[] {
  const byId = new Map<string, UserRef>();
  const add = (u: UserRef) => {
    if (u.bot === undefined) byId.set(u.userId, u);
  };
  for (const p of s.players) add(p.user);
  for (const k of s.seeks) add(k.by);
  for (const g of s.games) {
    add(g.players.p1);
    add(g.players.p2);
  }
  for (const l of s.chat) add(l.from);
  return [...byId.values()];
}

/**
 * Whom "challenge …" means: a user id, or the name of someone the lobby has shown (case ignored). Anything else is
 * sent as typed: the server resolves it against every account (NOT_FOUND when nobody has that name).
 */
export function resolveOpponent(input: string, known: readonly UserRef[]): UserRef | { readonly userId: string } | null {
  const typed = input.trim();
  if (typed === '') return null;
  const byId = known.find((u) => u.userId === typed);
  if (byId) return byId;
  const lower = typed.toLocaleLowerCase();
  const byName = known.filter((u) => u.name.toLocaleLowerCase() === lower);
  if (byName.length === 1) return byName[0]!;
  return { userId: typed };
}
