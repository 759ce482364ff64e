/**
 * The chips report of `GET /api/me/chips` (docs/protocol.md §11, RULES G9). Types only: the server builds it,
 * the web app reads it.
 */

/** What a ledger movement did: the starting grant, a hold at a table, its release, or the chips a result moved. */
export type ChipKind = 'grant' | 'hold' | 'release' | 'settle';

/** One row of the user's ledger: a change of his free chips or of his chips on hold. */
export interface ChipLine {
  readonly id: number;
  readonly kind: ChipKind;
  /** `free`: chips he may stake; `held`: chips on hold at his tables in play. */
  readonly account: 'free' | 'held';
  /** Signed: + in, − out. */
  readonly amount: number;
  readonly gameId: string | null;
  readonly at: number;
}

export interface ChipsReport {
  /** Null for a guest: only registered players have chips (and may sit at a table with a stake). */
  readonly balance: { readonly free: number; readonly held: number } | null;
  /** The starting grant of a new account on this server. */
  readonly grant: number;
  /** The latest rows, newest first. */
  readonly entries: readonly ChipLine[];
}
