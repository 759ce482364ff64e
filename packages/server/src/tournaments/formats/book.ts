/**
 * The record every format keeps: the field in seed order, the pairings made and their results, who withdrew. Plain
 * JSON, so the director stores it as it is. The helpers here are the rules the formats share: a result counts
 * once, a withdrawal forfeits the player's pending games, a bye is a win without a game.
 */
import { seedOrder } from './lot.js';
import type { Entrant, FormatErrorCode, FormatOptions, FormatResult, Pairing, PairingResult, PairingView } from './types.js';

export interface Book {
  /** In seed order (rating, then lot). */
  readonly entrants: readonly Entrant[];
  readonly seed: string;
  readonly pairings: readonly Pairing[];
  /** In the order recorded (an array: copying a large keyed object at every result is slow). */
  readonly results: readonly PairingResult[];
  readonly withdrawn: readonly string[];
}

export const ok = <T>(value: T): FormatResult<T> => ({ ok: true, value });
export const fail = <T>(code: FormatErrorCode, message: string): FormatResult<T> => ({ ok: false, error: { code, message } });

/** A new book for a field of the format's `minPlayers..maxPlayers` distinct players, or BAD_FIELD. */
export function openBook(
  entrants: readonly Entrant[],
  options: FormatOptions,
  { minPlayers, maxPlayers }: { readonly minPlayers: number; readonly maxPlayers: number },
): FormatResult<Book> {
  if (entrants.length < minPlayers || entrants.length > maxPlayers)
    return fail('BAD_FIELD', `this format takes ${minPlayers} to ${maxPlayers} players, not ${entrants.length}`);
  if (new Set(entrants.map((e) => e.id)).size !== entrants.length) return fail('BAD_FIELD', 'a player is entered twice');
  const field = seedOrder(entrants, options.seed).map((e) => ({ id: e.id, rating: e.rating }));
  return ok({ entrants: field, seed: options.seed, pairings: [], results: [], withdrawn: [] });
}

export const isWithdrawn = (book: Book, id: string): boolean => book.withdrawn.includes(id);

/** The results by pairing id, built once per results array (books are never changed in place). */
const byPairing = new WeakMap<readonly PairingResult[], ReadonlyMap<string, PairingResult>>();
export function resultsOf(book: Book): ReadonlyMap<string, PairingResult> {
  let map = byPairing.get(book.results);
  if (!map) {
    map = new Map(book.results.map((r) => [r.pairingId, r]));
    byPairing.set(book.results, map);
  }
  return map;
}

export const hasResult = (book: Book, pairingId: string): boolean => resultsOf(book).has(pairingId);

export const pendingPairings = (book: Book): Pairing[] => book.pairings.filter((p) => !hasResult(book, p.id));

/** The scored result of a bye: a win for `a`, no game. */
export const byeResult = (pairing: Pairing): PairingResult => ({ pairingId: pairing.id, winner: 'a', scoreA: 0, scoreB: 0 });

/** A forfeit by `loser`: a win for the other side. */
export const forfeitResult = (pairing: Pairing, loser: string): PairingResult => ({
  pairingId: pairing.id,
  winner: pairing.a === loser ? 'b' : 'a',
  scoreA: 0,
  scoreB: 0,
  forfeit: true,
});

/** Adds pairings to the book; those with a result (byes, forfeits) are scored at once. */
export function issue<S extends Book>(book: S, made: readonly { pairing: Pairing; result?: PairingResult }[]): S {
  if (made.length === 0) return book;
  const scored = made.flatMap((m) => (m.result ? [m.result] : []));
  return { ...book, pairings: [...book.pairings, ...made.map((m) => m.pairing)], results: scored.length > 0 ? [...book.results, ...scored] : book.results };
}

/** Records a game's result: UNKNOWN_PAIRING, ALREADY_RECORDED, or the book with it. */
export function recordIn<S extends Book>(book: S, result: PairingResult): FormatResult<S> {
  const pairing = book.pairings.find((p) => p.id === result.pairingId);
  if (!pairing) return fail('UNKNOWN_PAIRING', `no pairing ${result.pairingId}`);
  if (hasResult(book, pairing.id)) return fail('ALREADY_RECORDED', `pairing ${pairing.id} already has a result`);
  if (pairing.b === null) return fail('ALREADY_RECORDED', `pairing ${pairing.id} is a bye`);
  return ok({ ...book, results: [...book.results, { ...result }] });
}

/** Marks `id` withdrawn and forfeits his pending games. */
export function withdrawIn<S extends Book>(book: S, id: string): FormatResult<S> {
  if (!book.entrants.some((e) => e.id === id)) return fail('BAD_FIELD', `${id} is not in this tournament`);
  if (isWithdrawn(book, id)) return fail('ALREADY_RECORDED', `${id} has already withdrawn`);
  const forfeits = pendingPairings(book).flatMap((p) => (p.a === id || p.b === id ? [forfeitResult(p, id)] : []));
  return ok({ ...book, results: [...book.results, ...forfeits], withdrawn: [...book.withdrawn, id] });
}

export const viewsOf = (book: Book): PairingView[] => book.pairings.map((pairing) => ({ pairing, result: resultsOf(book).get(pairing.id) ?? null }));

/** What one side of a result scored: 1 a win, ½ a draw, 0 a loss. */
function scoreOf(result: PairingResult, side: 'a' | 'b'): number {
  if (result.winner === 'draw') return 0.5;
  return result.winner === side ? 1 : 0;
}

/** One scored pairing from a player's side. */
export interface Game {
  readonly pairing: Pairing;
  readonly result: PairingResult;
  readonly opponent: string | null;
  readonly side: 'a' | 'b';
  readonly score: number;
  /** Points won in the match by this side and by the opponent. */
  readonly pointsFor: number;
  readonly pointsAgainst: number;
}

/** Each player's scored games (byes included, opponent null), in the order made. */
export function gamesByPlayer(book: Book): Map<string, Game[]> {
  const games = new Map<string, Game[]>(book.entrants.map((e) => [e.id, []]));
  for (const pairing of book.pairings) {
    const result = resultsOf(book).get(pairing.id);
    if (!result) continue;
    games
      .get(pairing.a)
      ?.push({ pairing, result, opponent: pairing.b, side: 'a', score: scoreOf(result, 'a'), pointsFor: result.scoreA, pointsAgainst: result.scoreB });
    if (pairing.b !== null)
      games
        .get(pairing.b)
        ?.push({ pairing, result, opponent: pairing.a, side: 'b', score: scoreOf(result, 'b'), pointsFor: result.scoreB, pointsAgainst: result.scoreA });
  }
  return games;
}
