import type { Seat } from '@nardy/engine';
import type { GameSummary } from '@nardy/protocol';
import type { ClientLink } from './contracts.js';
import type { GameManagerOptions } from './games/manager.js';

type Feed = NonNullable<GameManagerOptions['feed']>;
type Rooms = NonNullable<GameManagerOptions['rooms']>;

/**
 * What the games tell the modules built after them: the lobby keeps the list of games to watch, chat puts a
 * game's viewers in its rooms. The games are built first and handed this; the lobby and chat need the games, so
 * they sign up here once built (`createApp` does it before anything can happen), and nothing is ever half-wired.
 */
export class GameNotices implements Feed, Rooms {
  private readonly feeds: Feed[] = [];
  private readonly rooms: Rooms[] = [];

  follow(listener: { readonly feed?: Feed; readonly rooms?: Rooms }): void {
    if (listener.feed) this.feeds.push(listener.feed);
    if (listener.rooms) this.rooms.push(listener.rooms);
  }

  started(summary: GameSummary): void {
    for (const f of this.feeds) f.started(summary);
  }

  ended(gameId: string): void {
    for (const f of this.feeds) f.ended(gameId);
  }

  rated(userIds: readonly string[]): void {
    for (const f of this.feeds) f.rated?.(userIds);
  }

  joined(link: ClientLink, gameId: string, seat: Seat | null): void {
    for (const r of this.rooms) r.joined(link, gameId, seat);
  }

  left(link: ClientLink, gameId: string, seat: Seat | null): void {
    for (const r of this.rooms) r.left(link, gameId, seat);
  }
}
