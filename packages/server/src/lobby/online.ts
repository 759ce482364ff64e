import type { OnlinePlayer, UserRef, VariantRating } from '@nardy/protocol';
import type { Viewer } from '../contracts.js';
import type { LobbyState } from './state.js';

/**
 * Who is online, as the lobby lists it: signed-in players and guests (anonymous watchers never join `userLinks`),
 * with their ratings. The list is bounded (`maxListed`, the first to come); subscribers get `lobby.userJoined` and
 * `lobby.userLeft` as it changes. Ratings are read once a user comes online and again after each of his rated
 * matches is recorded, so the lobby's own replies (seeks, challenges) show them without a store read each time.
 */

function player(lobby: LobbyState, v: Viewer): OnlinePlayer {
  const user: UserRef = { userId: v.userId, name: v.displayName, guest: v.guest };
  return { user, ratings: [...(lobby.ratingCache.get(v.userId) ?? [])] };
}

async function loadRatings(lobby: LobbyState, userId: string, read?: Promise<readonly VariantRating[]>): Promise<readonly VariantRating[]> {
  const ratings = (await (read ?? lobby.options.ratings?.(userId))) ?? [];
  lobby.ratingCache.set(userId, ratings);
  return ratings;
}

/** A user's first connection opened: his ratings (`read`, if begun before), then he is listed (while the list has room). */
export async function cameOnline(lobby: LobbyState, v: Viewer, read?: Promise<readonly VariantRating[]>): Promise<void> {
  await loadRatings(lobby, v.userId, read);
  if (!lobby.listed.has(v.userId) && lobby.listed.size >= lobby.maxListed) return;
  const p = player(lobby, v);
  lobby.listed.set(v.userId, p);
  lobby.broadcast({ type: 'lobby.userJoined', player: p });
}

/** His last connection closed. */
export function wentOffline(lobby: LobbyState, userId: string): void {
  lobby.ratingCache.delete(userId);
  if (lobby.listed.delete(userId)) lobby.broadcast({ type: 'lobby.userLeft', userId });
}

/** A rated game of these users ended: their ratings may have moved. */
export async function ratingsMoved(lobby: LobbyState, userIds: readonly string[]): Promise<void> {
  for (const userId of userIds) {
    if (!lobby.userLinks.has(userId)) continue;
    const ratings = await loadRatings(lobby, userId);
    const listed = lobby.listed.get(userId);
    if (!listed) continue;
    const p: OnlinePlayer = { user: listed.user, ratings: [...ratings] };
    lobby.listed.set(userId, p);
    lobby.broadcast({ type: 'lobby.userJoined', player: p });
  }
}

/** A live game's players with their ratings in its variant (for the games list). */
export function withRatings(lobby: LobbyState, players: { p1: UserRef; p2: UserRef }, variant: string): { p1: UserRef; p2: UserRef } {
  const rated = (u: UserRef): UserRef => (u.rating !== undefined || u.bot !== undefined ? u : { ...u, ...lobby.ratingIn(u.userId, variant) });
  return { p1: rated(players.p1), p2: rated(players.p2) };
}

/**
 * A guest became an account (issue 40 item 4): the live games he plays and his place in the online list show his
 * new name at once (a listed game's `lobby.gameAdded` again replaces it), not only from his next game on.
 */
export function renamed(lobby: LobbyState, userId: string, name: string, guest: boolean): void {
  const now = (u: UserRef): UserRef => (u.userId === userId ? { ...u, name, guest } : u);
  for (const g of lobby.games.values()) {
    if (g.players.p1.userId !== userId && g.players.p2.userId !== userId) continue;
    const game = { ...g, players: { p1: now(g.players.p1), p2: now(g.players.p2) } };
    lobby.games.set(g.gameId, game);
    lobby.broadcast({ type: 'lobby.gameAdded', game });
  }
  const listed = lobby.listed.get(userId);
  if (!listed) return;
  const p: OnlinePlayer = { ...listed, user: now(listed.user) };
  lobby.listed.set(userId, p);
  lobby.broadcast({ type: 'lobby.userJoined', player: p });
}
