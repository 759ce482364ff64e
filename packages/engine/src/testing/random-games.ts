/**
 * Test kit: plays random complete matches through `apply` with a seeded
 * PRNG and checks invariants after every action. The randomness belongs to the tests; the engine never rolls.
 * Used by the engine's `game/random-*.test.ts` property tests (one file per variant, so they run in parallel)
 * and available to other packages' tests through `@nardy/engine/testing`.
 */
import { pips } from '../position.js';
import { seededRng } from './random-play.js';
import { scoreWin, stakeFor, ceilingPoints } from '../rules/scoring.js';
import { getVariant } from '../variants/registry.js';
import { BAR, CHECKERS, COLORS, opposite, type Die, type Step, type VariantId } from '../types.js';
import type { Position } from '../position.js';
import type { Action } from '../game/actions.js';
import { colorOf, type GameResult } from '../game/game.js';
import { mayBeaver } from '../game/cube.js';
import { canDouble, legalActions } from '../game/legal.js';
import { apply, currentTurns, newMatch, toAct, type MatchState } from '../game/match.js';
import { jacobyInForce, matchSettings, maxGamePoints, type MatchSettings } from '../game/settings.js';
import { otherSeat } from '../game/seats.js';

export interface RandomGamesReport {
  readonly games: number;
  readonly matches: number;
  readonly actions: number;
  readonly turns: number;
  /** Counts of game endings by kind/end, draws, cube events: to see that the run covered the rules. */
  readonly tally: Readonly<Record<string, number>>;
  /** The first invariant violations found (empty when all hold). */
  readonly problems: readonly string[];
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const die = (rnd: Rnd): Die => (1 + Math.floor(rnd() * 6)) as Die;

/** Random but valid settings for a variant: cube on/off, options, match length or money session. */
export function randomSettings(variant: VariantId, rnd: Rnd): MatchSettings {
  const long = variant === 'long';
  const money = rnd() < 0.5;
  const cube = long ? rnd() < 0.5 : rnd() < 0.9;
  const input = {
    variant,
    ceiling: pick(rnd, ['oin', 'mars', 'koks', 'koks'] as const),
    lastRollDraw: rnd() < 0.3,
    drawScoring: pick(rnd, ['half', 'one'] as const),
    matchLength: money ? 0 : 1 + Math.floor(rnd() * 9),
    crawford: rnd() < 0.8,
    flagLoses: pick(rnd, ['match', 'game'] as const),
    timeControl: rnd() < 0.5 ? { kind: 'none' as const } : { kind: 'fischer' as const, initialMs: 60_000, incrementMs: 5_000 },
    cube: {
      enabled: cube,
      ...(cube && money ? { beaver: rnd() < 0.5, automaticDoubles: pick(rnd, [0, 0, 1, 3]), jacoby: rnd() < 0.7 } : {}),
      maxValue: pick(rnd, [4, 16, 64]),
    },
    ...(long
      ? {
          marsDefinition: pick(rnd, ['noneBorneOff', 'notAllHome'] as const),
          homeMars: rnd() < 0.3,
          koks: rnd() < 0.3,
          openingThrow: pick(rnd, ['fresh', 'useOpeningDice'] as const),
          nextGameStarter: pick(rnd, ['previousBlack', 'previousWinner', 'openingThrow'] as const),
        }
      : {}),
  };
  const s = matchSettings(input);
  if (!s.ok) throw new Error(`randomSettings made invalid settings: ${s.error.message}`);
  return s.value;
}

function sameBoard(a: Position, b: Position): boolean {
  if (a === b) return true;
  for (const c of COLORS) {
    const x = a.board[c];
    const y = b.board[c];
    if (x === y) continue;
    for (let i = 0; i < 26; i++) if (x[i] !== y[i]) return false;
  }
  return true;
}

const NONE: readonly GameResult[] = [];

const owners = new Int8Array(25);
function checkPosition(pos: Position, where: string): string | null {
  const g = getVariant(pos.variant).geometry;
  owners.fill(0);
  for (const c of COLORS) {
    const side = pos.board[c];
    const mark = c === 'white' ? 1 : 2;
    let n = 0;
    for (const x of side) n += x;
    if (n !== CHECKERS) return `${where}: ${c} has ${n} checkers`;
    for (let p = 1; p <= 24; p++) {
      if ((side[p] ?? 0) === 0) continue;
      const abs = g.absPoint(c, p);
      if (owners[abs] !== 0 && owners[abs] !== mark) return `${where}: point ${abs} holds both colours`;
      owners[abs] = mark;
    }
  }
  return null;
}

/** Pips: the mover's drop equals the dice used (less only by a bear-off overshoot); the opponent gains only by hits. */
function checkPips(before: Position, after: Position, steps: readonly Step[], dice: readonly number[], where: string): string | null {
  const mover = before.turn;
  const geo = getVariant(before.variant).geometry;
  const drop = pips(before.board[mover]) - pips(after.board[mover]);
  let used = 0;
  let moved = 0;
  let hitPips = 0;
  const left = dice[0] === dice[1] ? [dice[0]!, dice[0]!, dice[0]!, dice[0]!] : [...dice];
  for (const s of steps) {
    const i = left.indexOf(s.die);
    if (i < 0) return `${where}: step uses die ${s.die} not thrown (${dice.join('-')})`;
    left.splice(i, 1);
    const d = s.from - s.to;
    if (d !== s.die && !(s.to === 0 && d < s.die)) return `${where}: step ${s.from}/${s.to} does not move ${s.die}`;
    used += s.die;
    moved += d;
    if (s.hit) hitPips += BAR - geo.opponentPoint(s.to);
  }
  if (drop !== moved || drop > used) return `${where}: mover's pips fell by ${drop}, steps moved ${moved}, dice ${used}`;
  const gain = pips(after.board[opposite(mover)]) - pips(before.board[opposite(mover)]);
  if (gain !== hitPips) return `${where}: opponent's pips changed by ${gain}, hits account for ${hitPips}`;
  return null;
}

function checkResult(state: MatchState, r: GameResult, where: string): string | null {
  const s = state.settings;
  const total = r.basePoints * r.cubeValue;
  if (r.winner === null) {
    if (r.kind !== 'draw' || !s.lastRollDraw) return `${where}: draw without lastRollDraw`;
    if (r.position.board.white[0] !== CHECKERS || r.position.board.black[0] !== CHECKERS) return `${where}: draw but not all off`;
    if (r.points.p1 !== total || r.points.p2 !== total) return `${where}: draw points`;
    return null;
  }
  if (r.points[r.winner] !== total || r.points[otherSeat(r.winner)] !== 0) return `${where}: points not to the winner`;
  if (r.basePoints > ceilingPoints(s.ceiling)) return `${where}: ${r.basePoints} above the ceiling ${s.ceiling}`;
  // G9 sizes a money session's stake hold by this bound.
  if (total > maxGamePoints(s)) return `${where}: ${total} points, above the most a game can score (${maxGamePoints(s)})`;
  if (r.end === 'bearOff') {
    const winColor = colorOf({ white: r.white }, r.winner);
    if (r.position.board[winColor][0] !== CHECKERS) return `${where}: winner has not borne off`;
    const w = scoreWin(r.position, winColor, s);
    // The final action is never a take, so the cube before it is the game's cube.
    const expected = stakeFor(w.points, { value: 1, turned: state.game.cube.turned }, jacobyInForce(s));
    if (r.basePoints !== expected || r.cubeValue !== state.game.cube.value) {
      return `${where}: scored ${r.basePoints}×${r.cubeValue}, expected ${expected}×${state.game.cube.value} (${w.kind})`;
    }
  }
  return null;
}

interface Options {
  readonly games: number;
  readonly seed: number;
  /** Called with every state reached, so other packages can check their own properties over the same play. */
  readonly onState?: (state: MatchState) => void;
}

/** Plays random matches of `variant` until `games` games have been scored, checking invariants after every action. */
export function runRandomGames(variant: VariantId, { games, seed, onState }: Options): RandomGamesReport {
  const rnd = seededRng(seed);
  const problems: string[] = [];
  const tally: Record<string, number> = {};
  const count = (k: string): void => {
    tally[k] = (tally[k] ?? 0) + 1;
  };
  let played = 0;
  let matches = 0;
  let actions = 0;
  let turns = 0;
  while (played < games && problems.length < 5) {
    const settings = randomSettings(variant, rnd);
    const started = newMatch(settings);
    if (!started.ok) {
      problems.push(`newMatch: ${started.error.message}`);
      break;
    }
    let state = started.value;
    matches++;
    const sessionGames = settings.matchLength === 0 ? 1 + Math.floor(rnd() * 6) : Infinity;
    while (state.phase !== 'matchOver' && played < games && problems.length < 5) {
      const where = `${variant} match ${matches} game ${state.game.number} v${state.version}`;
      if (settings.matchLength === 0 && state.games.length >= sessionGames && state.game.turnsPlayed === 0 && state.phase !== 'moving') {
        const r = apply(state, { type: 'endSession', seat: 'p1' });
        if (!r.ok) problems.push(`${where}: endSession refused: ${r.error.message}`);
        else {
          state = r.value;
          onState?.(state);
        }
        break;
      }
      // Every 50th action also goes through legalActions, which must agree with the phase.
      if (rnd() < 0.02) {
        const legal = legalActions(state);
        const first = legal[0];
        const expected = { opening: 'opening', turnStart: 'roll', moving: 'move', cubeOffered: 'take', resignOffered: 'acceptResign' }[state.phase];
        if (first?.type !== expected) problems.push(`${where}: legalActions starts with ${first?.type} in ${state.phase}`);
      }
      let action: Action;
      let chosenSteps: readonly Step[] | null = null;
      const seat = toAct(state);
      const u = rnd();
      switch (state.phase) {
        case 'opening':
          action = { type: 'opening', dice: { p1: die(rnd), p2: die(rnd) } };
          break;
        case 'turnStart': {
          const s = seat!;
          if (u < 0.15 && canDouble(state, s).ok) action = { type: 'double', seat: s };
          else if (u > 0.999) action = { type: 'resign', seat: s, level: pick(rnd, ['single', 'mars', 'koks'] as const) };
          else if (u > 0.9985) action = { type: 'surrender', seat: s };
          else action = { type: 'roll', seat: s, dice: [die(rnd), die(rnd)] };
          break;
        }
        case 'moving': {
          const s = seat!;
          turns++;
          const legal = currentTurns(state);
          if (legal.length === 0) {
            action = { type: 'move', seat: s, steps: [] };
            chosenSteps = [];
          } else {
            const t = pick(rnd, legal);
            chosenSteps = t.steps;
            // Now and then enter the steps in reverse order: findTurn must accept it when legal and reach the same board.
            if (u < 0.03 && t.steps.length >= 2) {
              const rev = [...t.steps].reverse();
              const r = apply(state, { type: 'move', seat: s, steps: rev });
              if (r.ok) {
                const after = r.value.games.length > state.games.length ? r.value.games.at(-1)!.position : r.value.game.position;
                if (!sameBoard(after, t.after)) problems.push(`${where}: reversed steps reached another board than the turn's`);
                count('reversedAccepted');
              } else if (r.error.code !== 'ILLEGAL_TURN') problems.push(`${where}: reversed steps gave ${r.error.code}`);
              else count('reversedRefused');
            }
            action = { type: 'move', seat: s, steps: t.steps };
          }
          break;
        }
        case 'cubeOffered': {
          const s = seat!;
          const canBeaver = mayBeaver(settings, state.game.cubeOffer!).ok;
          action = { type: canBeaver && u < 0.15 ? 'beaver' : u < 0.7 ? 'take' : 'pass', seat: s };
          count(`cube:${action.type}`);
          break;
        }
        case 'resignOffered':
          action = { type: u < 0.5 ? 'acceptResign' : 'declineResign', seat: seat! };
          break;
      }
      if (action.type === 'double') count('cube:double');
      // Out of turn: the same action by the other seat must be refused, leaving the state alone.
      if ('seat' in action && action.type !== 'surrender' && action.type !== 'resign' && rnd() < 0.02) {
        const wrong = apply(state, { ...action, seat: otherSeat(action.seat) } as Action);
        if (wrong.ok) problems.push(`${where}: ${action.type} by the wrong seat accepted`);
      }
      const r = apply(state, action);
      actions++;
      if (!r.ok) {
        problems.push(`${where}: ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
        break;
      }
      const next = r.value;
      const p = checkStep(state, action, chosenSteps, next, where);
      if (p) problems.push(p);
      for (let i = state.games.length; i < next.games.length; i++) {
        const g = next.games[i]!;
        played++;
        count(`end:${g.end}`);
        count(`kind:${g.kind}`);
        if (g.cubeValue > 1) count('cubeValue>1');
      }
      state = next;
      onState?.(state);
    }
    if (state.phase === 'matchOver' && state.end) count(`matchEnd:${state.end.reason}`);
  }
  return { games: played, matches, actions, turns, tally, problems };
}

function checkStep(before: MatchState, action: Action, steps: readonly Step[] | null, after: MatchState, where: string): string | null {
  if (after.version !== before.version + 1) return `${where}: version did not advance by one`;
  const ended = after.games.length === before.games.length ? NONE : after.games.slice(before.games.length);
  const pos = ended.length > 0 ? ended[0]!.position : after.game.position;
  // Boards change only by a move or when a new game starts.
  if (action.type === 'move' || ended.length > 0) {
    const p = checkPosition(pos, where) ?? (ended.length > 0 ? checkPosition(after.game.position, where) : null);
    if (p) return p;
  }
  if (action.type === 'move' && steps) {
    const q = checkPips(before.game.position, pos, steps, before.game.dice!, where);
    if (q) return q;
  } else if (ended.length === 0 && after.phase !== 'matchOver' && !sameBoard(pos, before.game.position)) {
    return `${where}: ${action.type} changed the board`;
  }
  // The score changes only when a game ends, by exactly what the game scored.
  const gain = { p1: 0, p2: 0 };
  for (const g of ended) {
    gain.p1 += g.points.p1;
    gain.p2 += g.points.p2;
    const q = checkResult(before, g, where);
    if (q) return q;
  }
  if (after.score.p1 !== before.score.p1 + gain.p1 || after.score.p2 !== before.score.p2 + gain.p2) {
    return `${where}: score went from ${JSON.stringify(before.score)} to ${JSON.stringify(after.score)} with games ${JSON.stringify(gain)}`;
  }
  if (ended.length > 1) return `${where}: one action ended ${ended.length} games`;
  if (after.phase === 'moving' && !after.game.dice) return `${where}: moving without dice`;
  const n = after.settings.matchLength;
  if (after.phase === 'matchOver' && after.end?.reason === 'points' && Math.max(after.score.p1, after.score.p2) < n) {
    return `${where}: match over below ${n} points`;
  }
  if (after.game.crawford && after.game.cube.value !== 1 && after.game.cube.automaticDoubles === 0) {
    return `${where}: the cube moved in the Crawford game`;
  }
  return null;
}
