/**
 * How games and matches ended, as phrases: the winner, the kind of win named per variant and locale (ойн, марс,
 * домашний марс, кокс; oin, mars, koks; single, gammon, backgammon in English short nardy — L24–L25, S7), how it ended, the cube and the points (G3–G7).
 * Shared by the game room, the replay and the profile.
 */
import {
  getVariant,
  kindForPoints,
  type BySeat,
  type ResignLevel,
  type ScoringId,
  type Seat,
  type VariantId,
  type WinKind,
  type WinPoints,
} from '@nardy/engine';
import type { GameView, MatchEndReason } from '@nardy/protocol';
import type { ResultLine } from './moveList';
import { points, type Phrase } from './phrase';

/**
 * The kind of a finished game: `kinds.oin`, `kinds.mars`, … `kinds.draw`, with the variant's scoring as the i18next
 * context, so English short nardy says gammon and backgammon (`kinds.mars_short`) where long nardy keeps mars and
 * koks (no `_long` key: i18next falls back to `kinds.mars`). Every place that names a win kind goes through here.
 */
export const kindPhrase = (kind: ResultLine['kind'], variant: VariantId): Phrase => ({ key: `kinds.${kind}`, params: termsContext(variant) });

/** The i18next context that picks a variant's words for win kinds and the cube (`_short` keys; others fall back). */
export const termsContext = (variant: VariantId): { readonly context: ScoringId } => ({ context: getVariant(variant).scoring });

/** G5b: the points a resign offer names before the ceiling, as the engine's `acceptResign` counts them. */
export const LEVEL_POINTS: Readonly<Record<ResignLevel, WinPoints>> = { single: 1, mars: 2, koks: 3 };

/** What a resign level is called in a variant (a single is an oin in long nardy). */
export const levelKind = (scoring: ScoringId, level: ResignLevel): WinKind => kindForPoints(scoring, LEVEL_POINTS[level]);

/** One finished game: "Game 2: Alice wins — mars, all checkers borne off, cube 2: 4 points". */
export function gameResultPhrase(
  result: Pick<ResultLine, 'number' | 'winner' | 'end' | 'kind' | 'cubeValue' | 'points'>,
  names: BySeat<string>,
  variant: VariantId,
): Phrase {
  const common = { number: result.number, how: { key: `ends.${result.end}` }, cube: result.cubeValue };
  if (result.winner === null) return { key: 'result.draw', params: { ...common, points: points(result.points.p1) } };
  return {
    key: 'result.win',
    params: { ...common, winner: names[result.winner], kind: kindPhrase(result.kind, variant), points: points(result.points[result.winner]) },
  };
}

/**
 * The end of the match or session: who won, the final score, and why (G5, G6, G8, a claim). A money session
 * (`matchLength` 0) is won by the player ahead, and resigning it is resigning the session.
 */
export function matchEndPhrase(
  end: { readonly winner: Seat | null; readonly reason: MatchEndReason },
  score: BySeat<number>,
  names: BySeat<string>,
  matchLength: number,
): Phrase {
  const money = matchLength === 0;
  const reason = money && end.reason === 'resignMatch' ? 'resignSession' : end.reason;
  const params = { reason: { key: `matchEnds.${reason}` }, p1: names.p1, p2: names.p2, s1: score.p1, s2: score.p2 };
  if (end.reason === 'aborted') return { key: 'result.matchAborted', params };
  if (end.winner === null) return { key: 'result.matchLevel', params };
  return { key: money ? 'result.sessionWon' : 'result.matchWon', params: { ...params, winner: names[end.winner] } };
}

export const seatNames = (view: Pick<GameView, 'players'>): BySeat<string> => ({
  p1: view.players.p1.user.name,
  p2: view.players.p2.user.name,
});
