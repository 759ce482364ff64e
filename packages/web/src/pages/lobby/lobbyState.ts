/**
 * The lobby as the server tells it (docs/protocol.md §4, §9): open seeks, live games to watch, how many are
 * online, and the lobby chat. A snapshot replaces everything (also after a reconnect); the rest are deltas.
 */
import type { GameSummary, Seek, ServerToClient, UserRef } from '@nardy/protocol';

export interface ChatLine {
  readonly key: number;
  readonly from: UserRef;
  readonly text: string;
  readonly at: number;
}

export interface LobbyState {
  /** False until the first snapshot. */
  readonly ready: boolean;
  readonly seeks: readonly Seek[];
  readonly games: readonly GameSummary[];
  readonly online: number;
  readonly chat: readonly ChatLine[];
}

/** Lines of lobby chat kept on screen. */
export const CHAT_KEPT = 100;

export const EMPTY_LOBBY: LobbyState = { ready: false, seeks: [], games: [], online: 0, chat: [] };

const upsert = <T>(list: readonly T[], item: T, same: (a: T) => boolean): T[] => (list.some(same) ? list.map((x) => (same(x) ? item : x)) : [...list, item]);

export function lobbyReducer(s: LobbyState, msg: ServerToClient): LobbyState {
  switch (msg.type) {
    case 'lobby.snapshot':
      return { ...s, ready: true, seeks: msg.seeks, games: msg.games, online: msg.online };
    case 'lobby.seekAdded':
      return { ...s, seeks: upsert(s.seeks, msg.seek, (x) => x.seekId === msg.seek.seekId) };
    case 'lobby.seekRemoved':
      return { ...s, seeks: s.seeks.filter((x) => x.seekId !== msg.seekId) };
    case 'lobby.gameAdded':
      return { ...s, games: upsert(s.games, msg.game, (x) => x.gameId === msg.game.gameId) };
    case 'lobby.gameRemoved':
      return { ...s, games: s.games.filter((x) => x.gameId !== msg.gameId) };
    case 'chat.message': {
      if (msg.room.kind !== 'lobby') return s;
      const key = (s.chat[s.chat.length - 1]?.key ?? 0) + 1;
      return { ...s, chat: [...s.chat, { key, from: msg.from, text: msg.text, at: msg.at }].slice(-CHAT_KEPT) };
    }
    default:
      return s;
  }
}

/** Everyone the lobby has shown (seek owners, players of live games, chat writers), each once. */
export function knownUsers(s: LobbyState): UserRef[] {
  const byId = new Map<string, UserRef>();
  const add = (u: UserRef) => {
    if (u.bot === undefined) byId.set(u.userId, u);
  };
  for (const k of s.seeks) add(k.by);
  for (const g of s.games) {
    add(g.players.p1);
    add(g.players.p2);
  }
  for (const l of s.chat) add(l.from);
  return [...byId.values()];
}

const ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Whom "challenge …" means: a user id, or the name of someone the lobby has shown (case ignored). An unknown
 * word that could be an id is taken as one (the server answers NOT_FOUND if not); anything else is null.
 */
export function resolveOpponent(input: string, known: readonly UserRef[]): UserRef | { readonly userId: string } | null {
  const typed = input.trim();
  if (typed === '') return null;
  const byId = known.find((u) => u.userId === typed);
  if (byId) return byId;
  const lower = typed.toLocaleLowerCase();
  const byName = known.filter((u) => u.name.toLocaleLowerCase() === lower);
  if (byName.length === 1) return byName[0]!;
  return ID.test(typed) ? { userId: typed } : null;
}
