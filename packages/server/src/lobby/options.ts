import type { Seat } from '@nardy/engine';
import type { TableSettings, VariantRating } from '@nardy/protocol';
import type { ClientLink } from '../contracts.js';
import type { SeatHolder } from '../game/log.js';

/** A finished match as the games side knows it (for rematches). */
export interface FinishedMatch {
  readonly seats: { readonly p1: SeatHolder; readonly p2: SeatHolder };
  readonly settings: TableSettings;
  /** False while the match is still being played. */
  readonly finished: boolean;
  /** A private table's game: its rematch is private too. */
  readonly private: boolean;
  /** A tournament's match: no rematch (the tournament pairs the next match). */
  readonly tournament?: boolean;
}

/** What happened to a rematch, for the old game's event log (`rematchOffered` / `rematchDeclined` / `rematchWithdrawn` / `rematchStarted`). */
export type RematchEvent =
  | { readonly kind: 'rematchOffered'; readonly by: Seat; readonly commitment?: string }
  | { readonly kind: 'rematchDeclined'; readonly by: Seat }
  | { readonly kind: 'rematchWithdrawn'; readonly by: Seat }
  | { readonly kind: 'rematchStarted'; readonly gameId: string };

/** The games side, for rematches: who played a game, and where its rematch events go. */
export interface RematchSource {
  finishedMatch(gameId: string): FinishedMatch | null | Promise<FinishedMatch | null>;
  /** Publishes the event among the old game's events (its players see it there); required, so no wiring can leave it out. */
  rematchEvent(gameId: string, event: RematchEvent): void;
  /** Whether the user has the game open now (without it: whether he is online at all). */
  watching?(gameId: string, userId: string): boolean;
}

/**
 * The chips ledger (G9), when the server has one: may this user sit down at a table with this stake (are its hold's
 * chips free now)? The holds themselves are placed when the game is created (`GameFactory.startGame`), which
 * refuses with INSUFFICIENT_CHIPS if the chips went elsewhere meanwhile.
 */
interface ChipsLedger {
  canStake(userId: string, settings: TableSettings): boolean | Promise<boolean>;
}

export interface LobbyOptions {
  /** A coin in [0, 1) for seats (below 0.5: the seek's, challenge's, table's owner or the first in a pool is p1). */
  readonly random?: () => number;
  /** A server seed for a seek, challenge or table (tests fix it). */
  readonly newServerSeed?: () => string;
  /** The server seeds committed to by `dice.commit` (game/commitments.ts), for quick pairing and rematches. */
  readonly commitments?: { take(linkId: string, commitment: string): string | null; give(linkId: string): string };
  /** A private table's token: 16–64 characters of `A–Z a–z 0–9 _ -` (default 24 random base64url characters). */
  readonly newToken?: () => string;
  /** Whether `a` has blocked `b` (checked both ways). Default: nobody is blocked. */
  readonly isBlocked?: (a: string, b: string) => boolean | Promise<boolean>;
  /** Needed for rematches (without it `rematch.*` is answered `UNAVAILABLE`). */
  readonly rematches?: RematchSource;
  /** Without a ledger, a stake above 0 is refused (`FORBIDDEN`). */
  readonly chips?: ChipsLedger;
  /** Told when a link subscribes to or leaves the lobby: the lobby chat room is its subscribers (protocol §9). */
  readonly room?: { joined(link: ClientLink): void | Promise<unknown>; left(link: ClientLink): void };
  /** A user's ratings, every variant (read when he comes online and after his rated games): shown in the lobby. */
  readonly ratings?: (userId: string) => Promise<readonly VariantRating[]>;
  /** The id of the user with this id or name (username or display name, case ignored), null when none: challenges. */
  readonly findUser?: (idOrName: string) => Promise<string | null>;
  /** How many the online list holds (default and most: `LIMITS.onlineListed`). */
  readonly maxOnlineListed?: number;
  /** Open seeks per user (default 5), challenges sent and still open (default 5), private tables (default 3). */
  readonly maxSeeksPerUser?: number;
  /** Open seeks of the links from one IP address together (default 10). */
  readonly maxSeeksPerAddress?: number;
  readonly maxChallengesPerUser?: number;
  readonly maxTablesPerUser?: number;
  /** How long a challenge stays open (default 60 s) and a private table waits for its guest (default 30 min). */
  readonly challengeTtlMs?: number;
  readonly tableTtlMs?: number;
}
