/**
 * The move list: one entry per thing that happened in a match, built from engine actions and the state each was
 * applied to. The live room starts it from a snapshot's actions (the whole match so far) and feeds it the events
 * after that (the view before each one), the replay page the whole action log of a record. Turns are written in the engine's notation (docs/notation.md: long nardy in
 * absolute points, short and Caucasian in the mover's own numbers); words are left to the translations.
 */
import {
  apply,
  findTurn,
  makeTurnNotation,
  newMatch,
  positionFromSetup,
  ruleOptions,
  type Action,
  type BySeat,
  type Color,
  type Dice,
  type GameResult,
  type MatchSettings,
  type MatchSettingsInput,
  type MatchState,
  type ResignLevel,
  type RuleOptions,
  type Seat,
  type Setup,
} from '@nardy/engine';
import type { GameView } from '@nardy/protocol';

/** A finished game as the move list shows it (the wire's result, or the engine's without its board). */
export type ResultLine = Omit<GameResult, 'position'>;

/** `forfeit`: the server ended the match for a player who left (a claim), see `claimedEntries`. */
type SeatEntryKind = 'pass' | 'acceptResign' | 'declineResign' | 'surrender' | 'timeout' | 'resignMatch' | 'endSession' | 'forfeit';

/** One line of the list. `at` is where it happened: the action's number in the match (its index + 1, the version after it). */
export type MoveEntry = { readonly at: number; readonly game: number } & (
  | { readonly kind: 'opening'; readonly dice: BySeat<number> }
  | { readonly kind: 'move'; readonly seat: Seat; readonly color: Color; readonly dice: readonly [number, number] | null; readonly notation: string }
  /** A cube offer (`double`) or beaver with the value the cube goes to if taken, or the take at that value (G3). */
  | { readonly kind: 'double' | 'beaver' | 'take'; readonly seat: Seat; readonly value: number }
  | { readonly kind: 'resign'; readonly seat: Seat; readonly level: ResignLevel }
  | { readonly kind: SeatEntryKind; readonly seat: Seat }
  | { readonly kind: 'gameEnded'; readonly result: ResultLine }
);

/** What an action is written against: the game it belongs to and the board and dice it was played on. */
export interface Before {
  readonly game: number;
  readonly position: Setup;
  readonly dice: Dice | null;
  readonly rules: RuleOptions;
  readonly cube: number;
  /** The pending cube offer's value. */
  readonly offer: number | null;
}

export const beforeOfView = (view: GameView): Before => ({
  game: view.gameNumber,
  position: view.position,
  dice: view.dice,
  rules: view.settings.match.rules,
  cube: view.cube.value,
  offer: view.cubeOffer?.value ?? null,
});

const beforeOfMatch = (m: MatchState): Before => ({
  game: m.game.number,
  position: m.game.position,
  dice: m.game.dice,
  rules: m.settings.rules,
  cube: m.game.cube.value,
  offer: m.game.cubeOffer?.value ?? null,
});

/** The turn in notation (`24/18 18/13` → `24/13`, hits starred), or the steps as given if the engine refuses them. */
function notationOf(before: Before, steps: readonly { readonly from: number; readonly to: number }[]): string {
  const position = positionFromSetup(before.position);
  const options = ruleOptions(before.rules);
  if (position.ok && options.ok && before.dice) {
    const turn = findTurn(position.value, before.dice, steps, options.value);
    if (turn.ok) return makeTurnNotation(position.value, turn.value);
  }
  return steps.map((s) => `${s.from}/${s.to}`).join(' ');
}

/** The entry for one action (a roll has none: its dice are shown with the move). */
export function actionEntry(before: Before, action: Action, at: number): MoveEntry | null {
  const game = before.game;
  switch (action.type) {
    case 'opening':
      return { at, game, kind: 'opening', dice: action.dice };
    case 'roll':
      return null;
    case 'move':
      return {
        at,
        game,
        kind: 'move',
        seat: action.seat,
        color: before.position.turn,
        dice: before.dice,
        notation: notationOf(before, action.steps),
      };
    case 'resign':
      return { at, game, kind: 'resign', seat: action.seat, level: action.level };
    case 'double':
      return { at, game, kind: 'double', seat: action.seat, value: before.cube * 2 };
    case 'beaver':
    case 'take':
      return { at, game, kind: action.type, seat: action.seat, value: (before.offer ?? before.cube) * (action.type === 'beaver' ? 2 : 1) };
    default:
      return { at, game, kind: action.type, seat: action.seat };
  }
}

/** The entry for a finished game (G4–G7: winner, kind, cube, points). */
export const resultEntry = (result: ResultLine, at: number): MoveEntry => ({ at, game: result.number, kind: 'gameEnded', result });

/** What the server plays for a player who left when his opponent claims the game (G5: resignMatch, or surrender and endSession). */
const CLAIM_KINDS: ReadonlySet<MoveEntry['kind']> = new Set(['resignMatch', 'surrender', 'endSession']);

/**
 * The list as it reads after a claim: the actions the server played for the player who left (he did not resign)
 * become one `forfeit` entry, "X left the game: forfeit". Any other ending leaves the list as it is.
 */
export function claimedEntries(entries: readonly MoveEntry[], end: { readonly reason: string } | null | undefined): readonly MoveEntry[] {
  if (end?.reason !== 'abandoned') return entries;
  let first = entries.length;
  while (first > 0 && (CLAIM_KINDS.has(entries[first - 1]!.kind) || entries[first - 1]!.kind === 'gameEnded')) first--;
  const claim = entries.slice(first).find((e) => CLAIM_KINDS.has(e.kind));
  if (!claim || !('seat' in claim)) return entries;
  const forfeit: MoveEntry = { at: claim.at, game: claim.game, kind: 'forfeit', seat: claim.seat };
  return [...entries.slice(0, first), ...entries.slice(first).flatMap((e) => (e === claim ? [forfeit] : CLAIM_KINDS.has(e.kind) ? [] : [e]))];
}

/** A record's action log replayed: the state after each action (`states[0]` is the start) and the move list. */
export interface ReplayedLog {
  readonly states: readonly MatchState[];
  readonly entries: readonly MoveEntry[];
  /** Why the log stopped replaying (the engine's message), or null when every action applied. */
  readonly error: string | null;
}

export function replayLog(settings: MatchSettingsInput | MatchSettings, actions: readonly Action[]): ReplayedLog {
  const start = newMatch(settings);
  if (!start.ok) return { states: [], entries: [], error: start.error.message };
  const states: MatchState[] = [start.value];
  const entries: MoveEntry[] = [];
  for (let i = 0; i < actions.length; i++) {
    const before = states[i]!;
    const action = actions[i]!;
    const after = apply(before, action);
    if (!after.ok) return { states, entries, error: `${i + 1} (${action.type}): ${after.error.message}` };
    const entry = actionEntry(beforeOfMatch(before), action, i + 1);
    if (entry) entries.push(entry);
    for (const r of after.value.games.slice(before.games.length)) entries.push(resultEntry(r, i + 1));
    states.push(after.value);
  }
  return { states, entries, error: null };
}
