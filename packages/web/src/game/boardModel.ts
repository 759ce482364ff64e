/**
 * The bridge from the server's game view (or an engine position) to the board component's model and input
 * (CONVENTIONS, chessground: the host builds the board's whole configuration from server data; the board holds
 * no rules). Geometry, point numbers and pips come from the engine; legal steps come from the engine's
 * `nextSteps` on the view's position and dice.
 */
import { getVariant, nextSteps, pips, positionFromSetup, ruleOptions, type Color, type Dice, type Setup, type StepInput } from '@nardy/engine';
import type { GameView } from '@nardy/protocol';
import type { BoardInput, BoardModel, BoardStep } from '../board/types';

/** What a board shows besides the checkers. */
export interface BoardExtras {
  /** The side to move, or null between games. */
  readonly turn: Color | null;
  readonly dice: Dice | readonly [number, number] | null;
  /** null when the table plays without the cube. */
  readonly cube: { readonly value: number; readonly owner: Color | null } | null;
}

/**
 * The board model of a position as `viewer` sees it: point labels in the viewer's numbering (docs/rules.md §1 —
 * long nardy prints absolute points for both colours, short nardy and Caucasian each side's own numbers).
 */
export function positionBoardModel(position: Setup, extras: BoardExtras, viewer: Color): BoardModel {
  const g = getVariant(position.variant).geometry;
  const { white, black } = position.board;
  return {
    variant: position.variant,
    board: { white, black },
    toAbs: (color, p) => g.absPoint(color, p),
    label: (abs) => g.notationPoint(viewer, g.ownPoint(viewer, abs)),
    turn: extras.turn,
    dice: extras.dice ? [extras.dice[0], extras.dice[1]] : null,
    cube: extras.cube,
    pips: { white: pips(white), black: pips(black) },
  };
}

/** The colour a seat plays in the view's current game. */
export const seatColor = (view: Pick<GameView, 'white'>, seat: 'p1' | 'p2'): Color => (view.white === seat ? 'white' : 'black');

/**
 * The board model of a live game's view. The cube is shown only when the table plays with it (G3, L26); a double
 * awaiting its answer shows the value offered.
 */
export function viewBoardModel(view: GameView, viewer: Color): BoardModel {
  const between = view.phase === 'opening' || view.phase === 'matchOver';
  const owner = view.cube.owner === null ? null : seatColor(view, view.cube.owner);
  const offer = view.phase === 'cubeOffered' ? view.cubeOffer : null;
  const cube = view.settings.match.cube.enabled ? { value: view.cube.value, owner, ...(offer ? { offered: offer.value } : {}) } : null;
  return positionBoardModel(view.position, { turn: between ? null : view.position.turn, dice: view.dice, cube }, viewer);
}

const prefixKey = (played: readonly StepInput[]): string => played.map((s) => `${s.from}/${s.to}`).join(' ');

/**
 * The viewer's board input when he must play a turn (his decision, phase `moving`, legal turns sent), else null.
 * `next` asks the engine for the legal next steps after a prefix, once per prefix.
 */
export function viewBoardInput(view: GameView): BoardInput | null {
  const you = view.you;
  if (you === null || view.toAct !== you || view.phase !== 'moving' || !view.legal || !view.dice) return null;
  const position = positionFromSetup(view.position);
  const options = ruleOptions(view.settings.match.rules);
  if (!position.ok || !options.ok) return null;
  const dice: Dice = [view.dice[0], view.dice[1]];
  const cache = new Map<string, readonly BoardStep[]>();
  return {
    color: seatColor(view, you),
    turns: view.legal.turns,
    next: (played) => {
      const key = prefixKey(played);
      let steps = cache.get(key);
      if (!steps) {
        const r = nextSteps(position.value, dice, played, options.value);
        steps = r.ok ? r.value : [];
        cache.set(key, steps);
      }
      return steps;
    },
  };
}
