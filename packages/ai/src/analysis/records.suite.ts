import { apply, newMatch, seatToPlay, type Result, type Action, type Dice, type Die, type MatchSettingsInput, type MatchState } from '@nardy/engine';
import { rankTurns, type RankedTurn } from '../choose.js';
import { seededRng } from '../rng.js';

/** The value of a result that must be ok (test records are legal). */
export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** What a test player does with a turn: the turn to play from those ranked best first at 0-ply. */
type Picker = (ranked: readonly RankedTurn[], state: MatchState) => RankedTurn['turn'];

/** A cube policy: whether the seat on roll doubles now, and how the other answers. */
interface CubePolicy {
  readonly double?: (state: MatchState) => boolean;
  readonly answer?: (state: MatchState) => 'take' | 'pass';
}

const best: Picker = (ranked) => ranked[0]!.turn;

/**
 * A record of bot-against-bot play at 0-ply with seeded dice (no cube action unless `cube` says), up to
 * `maxActions` actions or the end of the match: the input of analysis tests.
 */
export function playRecord(settings: MatchSettingsInput, seed: number, options: { pick?: Picker; cube?: CubePolicy; maxActions?: number } = {}): Action[] {
  const rng = seededRng(seed);
  const die = (): Die => (1 + Math.floor(rng() * 6)) as Die;
  let state = must(newMatch(settings));
  const actions: Action[] = [];
  const pick = options.pick ?? best;
  while (state.phase !== 'matchOver' && actions.length < (options.maxActions ?? 2000)) {
    let action: Action;
    const g = state.game;
    if (state.phase === 'opening') action = { type: 'opening', dice: { p1: die(), p2: die() } };
    else if (state.phase === 'turnStart') {
      const seat = seatToPlay(g);
      action = options.cube?.double?.(state) ? { type: 'double', seat } : { type: 'roll', seat, dice: [die(), die()] as Dice };
    } else if (state.phase === 'cubeOffered') {
      action = { type: options.cube?.answer?.(state) ?? 'take', seat: g.cubeOffer!.by === 'p1' ? 'p2' : 'p1' };
    } else {
      const ranked = rankTurns(g.position, g.dice!, { level: 'expert', rules: state.settings.rules, scoring: state.settings });
      const turn = ranked.length > 0 ? pick(ranked, state) : null;
      action = { type: 'move', seat: seatToPlay(g), steps: turn ? turn.steps : [] };
    }
    state = must(apply(state, action));
    actions.push(action);
  }
  return actions;
}
