import { RESIGN_LEVELS, type Action } from '../../game/actions.js';
import { apply, currentTurns, newMatch, type MatchState } from '../../game/match.js';
import { bySeat, otherSeat } from '../../game/seats.js';
import { matchSettings, type MatchSettings } from '../../game/settings.js';
import { seatToPlay } from '../../game/game.js';
import { ok, type Result } from '../../result.js';
import type { Dice, Die } from '../../types.js';
import type { StepInput } from '../../turns.js';
import { MAT_VARIANTS, headerSettings, pointsText, type MatError, type MatMatch } from './format.js';
import { playSteps, sameBoards } from './steps.js';
import { lexMat, matError, type Lexed } from './lex.js';

/** A parsed `.mat`: the match as `writeMat` takes it, and the state it replays to. */
export interface ParsedMat extends MatMatch {
  readonly state: MatchState;
}

/** Settings from the header: ours (`Variant`, `Settings`) when present, else what gnubg and XG files mean. */
function settingsFrom(lexed: Lexed, jacobyGuess: boolean): Result<MatchSettings, MatError> {
  const t = lexed.tags;
  const variantName = t.get('Variant');
  const variant =
    variantName === undefined ? 'short' : (Object.keys(MAT_VARIANTS) as (keyof typeof MAT_VARIANTS)[]).find((v) => MAT_VARIANTS[v] === variantName);
  if (!variant) return matError(0, `unknown variant '${variantName}' (one of ${Object.values(MAT_VARIANTS).join(', ')})`);
  const variation = t.get('Variation');
  if (variation !== undefined && !/^backgammon$/i.test(variation)) return matError(0, `the variation '${variation}' is not played here`);
  let extra: Record<string, unknown> = {};
  if (t.has('Settings')) {
    try {
      extra = JSON.parse(t.get('Settings')!) as Record<string, unknown>;
    } catch {
      return matError(0, 'the Settings header is not valid JSON');
    }
  }
  const s = matchSettings({
    ...headerSettings(variant, lexed.matchLength, (k) => t.get(k), jacobyGuess),
    ...extra,
  } as MatchSettings);
  return s.ok ? s : matError(0, `bad settings: ${s.error.message}`);
}

/** The legal turn that the written steps lead to, in any order and with moves written as one (XG's `13/8` for 5-3). */
function turnByResult(state: MatchState, steps: readonly StepInput[]): StepInput[] | null {
  const played = playSteps(state.game.position, steps);
  const t = played && currentTurns(state).find((x) => sameBoards(x.after, played.after));
  return t ? t.steps.map((s) => ({ from: s.from, to: s.to })) : null;
}

const sameDice = (a: readonly number[], b: readonly number[]): boolean => (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

/** Replays the tokens through the engine; the first illegal one is the error, with its line. */
function replayTokens(lexed: Lexed, settings: MatchSettings): Result<ParsedMat, MatError> {
  const start = newMatch(settings);
  if (!start.ok) return matError(0, start.error.message, start.error.code);
  let state = start.value;
  const actions: Action[] = [];
  let names: [string, string] | null = null;
  let unverified = 0; // games finished whose result line has not been read yet
  const toks = lexed.tokens;
  const act = (a: Action, line: number): Result<MatchState, MatError> => {
    const before = state.games.length;
    const r = apply(state, a);
    if (!r.ok) return matError(line, r.error.message, r.error.code);
    state = r.value;
    actions.push(a);
    unverified += state.games.length - before;
    return ok(state);
  };
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    const line = t.line;
    if (state.phase === 'matchOver' && t.kind !== 'wins' && t.kind !== 'draw') return matError(line, 'the match is already over');
    switch (t.kind) {
      case 'game': {
        if (t.number !== state.game.number || state.game.turnsPlayed > 0 || state.game.openingThrows.length > 0) {
          return matError(
            line,
            `Game ${t.number} starts, but the games before it make this game ${state.game.number}${state.game.turnsPlayed > 0 ? ' (still in play)' : ''}`,
          );
        }
        if (t.crawford && !state.game.crawford) return matError(line, `game ${t.number} is marked Crawford, but the score does not make it the Crawford game`);
        unverified = 0;
        break;
      }
      case 'score': {
        if (names && (names[0] !== t.names[0] || names[1] !== t.names[1]))
          return matError(line, `the players are ${names[0]} and ${names[1]}, not ${t.names[0]} and ${t.names[1]}`);
        names = [t.names[0], t.names[1]];
        if (t.scores[0] !== state.score.p1 || t.scores[1] !== state.score.p2) {
          return matError(line, `score mismatch: the file says ${t.scores[0]}-${t.scores[1]}, the games before give ${state.score.p1}-${state.score.p2}`);
        }
        break;
      }
      case 'opening':
        for (const [p1, p2] of t.throws) {
          const r = act({ type: 'opening', dice: { p1: p1 as Die, p2: p2 as Die } }, line);
          if (!r.ok) return r;
        }
        break;
      case 'dice': {
        const dice = [t.dice[0], t.dice[1]] as Dice;
        if (state.phase === 'opening') {
          if (dice[0] === dice[1]) return matError(line, `the first move of a game cannot be a double (${dice.join('')}): the opening throw is one die each`);
          const hi = Math.max(...dice) as Die;
          const lo = Math.min(...dice) as Die;
          const r = act({ type: 'opening', dice: t.seat === 'p1' ? { p1: hi, p2: lo } : { p1: lo, p2: hi } }, line);
          if (!r.ok) return r;
          if (r.value.phase !== 'moving')
            return matError(line, 'the opening throw is followed by a fresh throw here: write the opening throw on an Opening line');
        } else if (state.phase === 'moving') {
          if (!sameDice(state.game.dice!, dice)) return matError(line, `the dice to play are ${state.game.dice!.join('')}, not ${dice.join('')}`);
          if (seatToPlay(state.game) !== t.seat)
            return matError(line, `it is player ${seatToPlay(state.game) === 'p1' ? 1 : 2}'s turn, not this column's`, 'NOT_YOUR_TURN');
        } else {
          const r = act({ type: 'roll', seat: t.seat, dice }, line);
          if (!r.ok) return r;
        }
        if (t.steps.length === 0) {
          // Thrown, then the game was given up (or the flag fell) before moving; a throw that cannot be played passes.
          const next = toks[k + 1];
          const legal = currentTurns(state).length > 0;
          if ((next?.kind === 'timeout' && next.seat === t.seat) || (legal && next && ['wins', 'resignMatch', 'resign'].includes(next.kind))) break;
          if (legal) return matError(line, `no move written for ${dice.join('')}, but it has legal moves`, 'ILLEGAL_TURN');
        }
        let steps: StepInput[] = [...t.steps];
        let r = apply(state, { type: 'move', seat: t.seat, steps });
        if (!r.ok && t.steps.length > 0) {
          const found = turnByResult(state, t.steps);
          if (found) {
            steps = found;
            r = apply(state, { type: 'move', seat: t.seat, steps });
          }
        }
        if (!r.ok) {
          const moves = t.steps.map((s) => `${s.from}/${s.to}`).join(' ');
          return matError(line, `illegal move ${dice.join('')}: ${moves || '(none)'}: ${r.error.message}`, r.error.code);
        }
        const m = act({ type: 'move', seat: t.seat, steps }, line);
        if (!m.ok) return m;
        break;
      }
      case 'double':
      case 'beaver': {
        const r = act({ type: t.kind, seat: t.seat }, line);
        if (!r.ok) return r;
        const value = state.game.cubeOffer?.value;
        if (value !== t.value) return matError(line, `cube mismatch: the file says ${t.value}, the cube would be at ${value}`);
        break;
      }
      case 'resign': {
        const r = act({ type: 'resign', seat: t.seat, level: t.level }, line);
        if (!r.ok) return r;
        break;
      }
      case 'take':
      case 'drop':
      case 'resignMatch':
      case 'timeout':
      case 'endSession': {
        const type = t.kind === 'drop' ? 'pass' : t.kind;
        const r = act({ type, seat: t.seat }, line);
        if (!r.ok) return r;
        break;
      }
      case 'wins':
      case 'draw': {
        if (unverified > 0) {
          const res = state.games[state.games.length - unverified]!;
          unverified--;
          const seat = t.kind === 'wins' ? t.seat : null;
          const points = seat ? res.points[seat] : res.points.p1;
          if (res.winner !== seat || points !== t.points) {
            const real = res.winner
              ? `${res.winner === 'p1' ? 'player 1' : 'player 2'} wins ${pointsText(res.points[res.winner])}`
              : `a draw, ${pointsText(res.points.p1)} each`;
            return matError(line, `result mismatch: the game ends ${real}`);
          }
          break;
        }
        if (t.kind === 'draw' || state.phase === 'opening') return matError(line, 'a result, but no game is in play');
        // A win with the game in play: the loser resigned (gnubg's reading too), at the level that scores it; with
        // a cube or resign offer pending, the loser gave up the game (G5a).
        const loser = otherSeat(t.seat);
        const tries: Action[][] = [
          ...RESIGN_LEVELS.map((level): Action[] => [
            { type: 'resign', seat: loser, level },
            { type: 'acceptResign', seat: t.seat },
          ]),
          [{ type: 'surrender', seat: loser }],
        ];
        const saved = { state, n: actions.length };
        const scores = tries.some((seq) => {
          state = saved.state;
          actions.length = saved.n;
          const done = seq.every((a) => act(a, line).ok);
          const res = state.games[state.games.length - 1];
          return done && state.games.length > saved.state.games.length && res!.winner === t.seat && res!.points[t.seat] === t.points;
        });
        unverified = 0;
        if (!scores) return matError(line, `Wins ${pointsText(t.points)}: no resignation scores that here (cube ${state.game.cube.value})`);
        break;
      }
    }
  }
  const p = names ?? ['Player 1', 'Player 2'];
  const tags = lexed.tags;
  const date = /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/.exec(tags.get('EventDate') ?? '');
  const time = /^(\d{1,2})[.:](\d{2})/.exec(tags.get('EventTime') ?? '');
  return ok({
    settings,
    actions,
    names: bySeat(tags.get('Player 1') ?? p[0], tags.get('Player 2') ?? p[1]),
    ...(date ? { date: new Date(Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, time ? +time[1]! : 0, time ? +time[2]! : 0)) } : {}),
    ...(tags.has('Site') ? { site: tags.get('Site')! } : {}),
    ...(tags.has('Match ID') ? { matchId: tags.get('Match ID')! } : {}),
    state,
  });
}

/**
 * Reads a Jellyfish/gnubg/XG `.mat` text (and ours for long and Caucasian nardy, docs/mat.md) and replays it
 * through the engine. Any syntax error or illegal play is an error naming the line; nothing is half-imported.
 * A money file without a `Jacoby` tag is read with Jacoby on (gnubg's default), and with it off if that fails.
 */
export function parseMat(text: string): Result<ParsedMat, MatError> {
  const lexed = lexMat(text);
  if (!lexed.ok) return lexed;
  let first: Result<ParsedMat, MatError> | null = null;
  for (const jacoby of [true, false]) {
    const s = settingsFrom(lexed.value, jacoby);
    if (!s.ok) return s;
    const r = replayTokens(lexed.value, s.value);
    if (r.ok) return r;
    first ??= r;
    if (s.value.matchLength > 0 || lexed.value.tags.has('Jacoby') || lexed.value.tags.has('Settings')) break;
  }
  return first!;
}
