import { startPosition, winnerOf } from '../position.js';
import { err, ok, type EngineError, type Result } from '../result.js';
import { kindForPoints, maxWinPoints, scoreWin, stakeFor, type WinKind, type WinPoints } from '../rules/scoring.js';
import { findTurn, legalTurns, passTurn, type StepInput, type Turn } from '../turns.js';
import { CHECKERS, OFF, type Dice, type Die } from '../types.js';
import { checkAction, type Action, type ResignLevel } from './actions.js';
import { automaticDouble, mayBeaver, mayDouble, responder, takenCube } from './cube.js';
import { colorOf, openingGame, seatOf, seatToPlay, startedGame, type GameEnd, type GameResult, type GameState, type Phase } from './game.js';
import { jacobyInForce, matchSettings, scoringOf, type MatchSettings, type MatchSettingsInput } from './settings.js';
import { bySeat, otherSeat, type BySeat, type Seat } from './seats.js';

/** Why a match ended: `points` — N points reached (G6); `resignMatch` (G5); `timeout` — a flag fell (G8); `sessionEnded` (G6). */
export const MATCH_END_REASONS = ['points', 'resignMatch', 'timeout', 'sessionEnded'] as const;

/** Why a match or money session ended. */
export interface MatchEnd {
  /** The match winner; for a money session the seat ahead, or null when level. */
  readonly winner: Seat | null;
  readonly reason: (typeof MATCH_END_REASONS)[number];
}

/**
 * A match (to N points) or a money session, as plain immutable data. Everything a board needs:
 * `game.position` (board, colour on turn), `game.white` (which seat plays White), `game.dice`, `game.cube` and
 * `game.cubeOffer`, `score`, `phase`, and `toAct(state)` for whose decision (and clock) it is.
 */
export interface MatchState {
  readonly settings: MatchSettings;
  readonly phase: Phase;
  /** Points so far (halves are possible after a draw, G7). */
  readonly score: BySeat<number>;
  /** The game in progress; after the end, the last game. */
  readonly game: GameState;
  /** Finished games, in order. */
  readonly games: readonly GameResult[];
  /** The number of the Crawford game once a player has reached match point minus one (G3), else null. */
  readonly crawfordGame: number | null;
  readonly end: MatchEnd | null;
  /** How many actions have been applied (an optimistic-concurrency version for servers). */
  readonly version: number;
}

/** A new match or money session (G6) waiting for its first action. */
export function newMatch(input: MatchSettingsInput | MatchSettings): Result<MatchState> {
  const s = matchSettings(input);
  if (!s.ok) return s;
  const settings = s.value;
  return ok(
    Object.freeze({
      settings,
      phase: 'opening',
      score: bySeat(0, 0),
      game: openingGame(settings, 1, false),
      games: Object.freeze([]),
      crawfordGame: null,
      end: null,
      version: 0,
    }),
  );
}

/**
 * Applies one action (G1–G8). An action that is malformed, out of turn, in the wrong phase or against the
 * rules returns an error with a code and the state is untouched (states are immutable).
 */
export function apply(state: MatchState, action: Action): Result<MatchState> {
  const checked = checkAction(action);
  if (!checked.ok) return checked;
  const a = checked.value;
  if (state.phase === 'matchOver') return err('GAME_OVER', 'the match is over');
  switch (a.type) {
    case 'opening':
      return opening(state, a.dice);
    case 'roll':
      return roll(state, a.seat, a.dice);
    case 'move':
      return move(state, a.seat, a.steps);
    case 'double':
      return double(state, a.seat);
    case 'take':
      return take(state, a.seat);
    case 'pass':
      return pass(state, a.seat);
    case 'beaver':
      return beaver(state, a.seat);
    case 'resign':
      return resign(state, a.seat, a.level);
    case 'acceptResign':
      return acceptResign(state, a.seat);
    case 'declineResign':
      return declineResign(state, a.seat);
    case 'surrender':
      // G5a values the position of a game in play; before its opening throw there is none to value.
      if (state.phase === 'opening') return err('WRONG_PHASE', 'the game has not started: resign the match instead');
      return surrender(state, a.seat, 'surrender');
    case 'timeout':
      return timeout(state, a.seat);
    case 'resignMatch':
      return resignMatch(state, a.seat);
    case 'endSession':
      return endSession(state, a.seat);
  }
}

/** Rebuilds a match from its settings and action log (the log is the record). The error names the failing action. */
export function replay(settings: MatchSettingsInput | MatchSettings, actions: readonly Action[]): Result<MatchState> {
  const start = newMatch(settings);
  if (!start.ok) return start;
  let state = start.value;
  for (let i = 0; i < actions.length; i++) {
    const r = apply(state, actions[i]!);
    if (!r.ok) {
      const type = (actions[i] as { type?: unknown } | undefined)?.type;
      return err(r.error.code, `action ${i}${typeof type === 'string' ? ` (${type})` : ''}: ${r.error.message}`);
    }
    state = r.value;
  }
  return ok(state);
}

// --- legal turns for the current dice, computed once per game state -------------------------------------------

const TURNS = new WeakMap<GameState, readonly Turn[]>();

/** The legal turns for the dice on the table (empty outside `moving`, and when none is legal: L14). */
export function currentTurns(state: MatchState): readonly Turn[] {
  const g = state.game;
  if (state.phase !== 'moving' || !g.dice) return [];
  let t = TURNS.get(g);
  if (!t) {
    t = legalTurns(g.position, g.dice, state.settings.rules);
    TURNS.set(g, t);
  }
  return t;
}

// --- helpers ------------------------------------------------------------------------------------------------------

const wrongPhase = (state: MatchState, what: string): Result<never, EngineError> => err('WRONG_PHASE', `${what} is not possible now (phase: ${state.phase})`);

const notYourTurn = (seat: Seat, expected: Seat): Result<never, EngineError> => err('NOT_YOUR_TURN', `${seat} cannot act now: it is ${expected}'s decision`);

function update(state: MatchState, game: Partial<GameState>, phase: Phase): MatchState {
  return Object.freeze({ ...state, phase, game: Object.freeze({ ...state.game, ...game }), version: state.version + 1 });
}

// --- opening, roll, move -----------------------------------------------------------------------------------------

/** G1 opening throw. Ties: thrown again, with an automatic double when the table plays them (G3). */
function opening(state: MatchState, dice: BySeat<Die>): Result<MatchState> {
  if (state.phase !== 'opening') return wrongPhase(state, 'an opening throw');
  const g = state.game;
  const settings = state.settings;
  const openingThrows = Object.freeze([...g.openingThrows, Object.freeze({ ...dice })]);
  if (dice.p1 === dice.p2) return ok(update(state, { openingThrows, cube: automaticDouble(settings, g.cube) }, 'opening'));
  const starter: Seat = dice.p1 > dice.p2 ? 'p1' : 'p2';
  const hi = Math.max(dice.p1, dice.p2) as Die;
  const lo = Math.min(dice.p1, dice.p2) as Die;
  const openingDice: Dice = [hi, lo];
  if (scoringOf(settings) === 'short') {
    // S2/G1: p1 plays White; the higher die moves first with both opening dice.
    const position = startPosition(settings.variant, colorOf({ white: 'p1' }, starter));
    return ok(update(state, { openingThrows, starter, white: 'p1', position, dice: openingDice }, 'moving'));
  }
  // L3: the higher die starts and plays White; L4: then throws both dice afresh, or plays the opening dice.
  const position = startPosition(settings.variant, 'white');
  const useDice = settings.openingThrow === 'useOpeningDice';
  return ok(update(state, { openingThrows, starter, white: starter, position, dice: useDice ? openingDice : null }, useDice ? 'moving' : 'turnStart'));
}

/** G2: the seat on turn throws (before rolling it may double instead). */
function roll(state: MatchState, seat: Seat, dice: Dice): Result<MatchState> {
  if (state.phase !== 'turnStart') return wrongPhase(state, 'a roll');
  const toPlay = seatToPlay(state.game);
  if (seat !== toPlay) return notYourTurn(seat, toPlay);
  return ok(update(state, { dice }, 'moving'));
}

const sameSteps = (a: readonly StepInput[], b: readonly StepInput[]): boolean =>
  a.length === b.length && a.every((s, i) => s.from === b[i]!.from && s.to === b[i]!.to);

/**
 * G2: the whole turn, checked against the legal set (L12–L15, S5). A turn given exactly as `legalTurns` lists
 * it is taken from there; any other order goes through `findTurn`, which names the broken rule.
 */
function move(state: MatchState, seat: Seat, steps: readonly StepInput[]): Result<MatchState> {
  if (state.phase !== 'moving') return wrongPhase(state, 'a move');
  const g = state.game;
  const toPlay = seatToPlay(g);
  if (seat !== toPlay) return notYourTurn(seat, toPlay);
  const turns = currentTurns(state);
  let turn: Turn | undefined;
  if (turns.length === 0) {
    if (steps.length > 0) return err('ILLEGAL_TURN', 'no die can be played: the turn passes (L14)');
    turn = passTurn(g.position);
  } else {
    turn = turns.find((t) => sameSteps(t.steps, steps));
    if (!turn) {
      const found = findTurn(g.position, g.dice!, steps, state.settings.rules);
      if (!found.ok) return found;
      turn = found.value;
    }
  }
  return ok(afterTurn(state, seat, turn));
}

/** After a turn: the next turn, L27's last throw, or the end of the game (L23). */
function afterTurn(state: MatchState, mover: Seat, turn: Turn): MatchState {
  const g = state.game;
  const pos = turn.after;
  const played: GameState = Object.freeze({ ...g, position: pos, dice: null, turnsPlayed: g.turnsPlayed + 1 });
  const moverColor = colorOf(g, mover);
  if (g.lastThrow) {
    // L27: the last throw is played; all off → draw, else the starter wins, mars judged now.
    if (pos.board[moverColor][OFF] === CHECKERS) return finishGame(state, played, { winner: null, end: 'bearOff' });
    const winner = otherSeat(mover);
    return finishGame(state, played, { winner, end: 'bearOff', win: scoreWin(pos, colorOf(g, winner), state.settings) });
  }
  if (winnerOf(pos) === moverColor) {
    if (state.settings.lastRollDraw && mover === g.starter) {
      // L27: the starter (White in long nardy) finished; the other seat gets exactly one more turn.
      return Object.freeze({ ...state, phase: 'turnStart', game: Object.freeze({ ...played, lastThrow: true }), version: state.version + 1 });
    }
    return finishGame(state, played, { winner: mover, end: 'bearOff', win: scoreWin(pos, moverColor, state.settings) });
  }
  return Object.freeze({ ...state, phase: 'turnStart', game: played, version: state.version + 1 });
}

// --- cube ---------------------------------------------------------------------------------------------------------

/** G3: offer the cube at the start of one's own turn, before rolling. */
function double(state: MatchState, seat: Seat): Result<MatchState> {
  if (state.phase !== 'turnStart') return err('CUBE_NOT_ALLOWED', `the cube can be offered only before rolling (phase: ${state.phase})`);
  const g = state.game;
  const toPlay = seatToPlay(g);
  if (seat !== toPlay) return notYourTurn(seat, toPlay);
  const allowed = mayDouble(state.settings, g.cube, seat, g, state.score);
  if (!allowed.ok) return allowed;
  return ok(update(state, { cubeOffer: Object.freeze({ by: seat, value: g.cube.value * 2, beaver: false }) }, 'cubeOffered'));
}

function cubeAnswer(state: MatchState, seat: Seat, what: string): Result<NonNullable<GameState['cubeOffer']>> {
  const offer = state.game.cubeOffer;
  if (state.phase !== 'cubeOffered' || !offer) return wrongPhase(state, `${what} (no cube offer)`);
  const who = responder(offer);
  if (seat !== who) return notYourTurn(seat, who);
  return ok(offer);
}

/** G3 take: the stake becomes the offered value; the taker owns the cube (after a beaver, the beaverer keeps it). */
function take(state: MatchState, seat: Seat): Result<MatchState> {
  const offer = cubeAnswer(state, seat, 'a take');
  if (!offer.ok) return offer;
  return ok(update(state, { cube: takenCube(state.game.cube, offer.value), cubeOffer: null }, 'turnStart'));
}

/** G3 pass: the game is lost at the value before the offer (a passed beaver loses twice the first offer's stake). */
function pass(state: MatchState, seat: Seat): Result<MatchState> {
  const offer = cubeAnswer(state, seat, 'a pass');
  if (!offer.ok) return offer;
  const g = state.game;
  return ok(
    finishGame(
      state,
      { ...g, cubeOffer: null },
      {
        winner: offer.value.by,
        end: 'cubePass',
        fixed: { kind: kindForPoints(scoringOf(state.settings), 1), basePoints: 1, cubeValue: offer.value.value / 2 },
      },
    ),
  );
}

/** G3 beaver: the doubled player takes and at once redoubles, keeping the cube; the doubler must take or pass. */
function beaver(state: MatchState, seat: Seat): Result<MatchState> {
  const offer = cubeAnswer(state, seat, 'a beaver');
  if (!offer.ok) return offer;
  const allowed = mayBeaver(state.settings, offer.value);
  if (!allowed.ok) return allowed;
  return ok(update(state, { cubeOffer: Object.freeze({ by: seat, value: offer.value.value * 2, beaver: true }) }, 'cubeOffered'));
}

// --- resigning, surrender, time, ends -----------------------------------------------------------------------------

const LEVEL_POINTS: Readonly<Record<ResignLevel, WinPoints>> = { single: 1, mars: 2, koks: 3 };

/** G5b: offer to resign a single, mars or koks (either seat, while play is going on). */
function resign(state: MatchState, seat: Seat, level: ResignLevel): Result<MatchState> {
  if (state.phase !== 'turnStart' && state.phase !== 'moving') return wrongPhase(state, 'a resign offer');
  return ok(update(state, { resignOffer: Object.freeze({ by: seat, level, resume: state.phase }) }, 'resignOffered'));
}

function resignAnswer(state: MatchState, seat: Seat, what: string): Result<NonNullable<GameState['resignOffer']>> {
  const offer = state.game.resignOffer;
  if (state.phase !== 'resignOffered' || !offer) return wrongPhase(state, `${what} (no resign offer)`);
  const who = otherSeat(offer.by);
  if (seat !== who) return notYourTurn(seat, who);
  return ok(offer);
}

/** G5b accepted: the game ends at the offered value, capped by what a win can be worth here (G4). */
function acceptResign(state: MatchState, seat: Seat): Result<MatchState> {
  const offer = resignAnswer(state, seat, 'accepting a resign');
  if (!offer.ok) return offer;
  const scoring = scoringOf(state.settings);
  const points = Math.min(LEVEL_POINTS[offer.value.level], maxWinPoints(scoring, state.settings)) as WinPoints;
  const win = { kind: kindForPoints(scoring, points), rawPoints: points, points };
  return ok(finishGame(state, { ...state.game, resignOffer: null }, { winner: seat, end: 'resign', win }));
}

/** G5b declined: play goes on where it was. */
function declineResign(state: MatchState, seat: Seat): Result<MatchState> {
  const offer = resignAnswer(state, seat, 'declining a resign');
  if (!offer.ok) return offer;
  return ok(update(state, { resignOffer: null }, offer.value.resume));
}

/** G5a surrender (and a flag fall valued as one, G8): the game ends, valued by the position now under the ceiling. */
function surrender(state: MatchState, seat: Seat, end: 'surrender' | 'timeout'): Result<MatchState> {
  const g = state.game;
  const winner = otherSeat(seat);
  const win = scoreWin(g.position, colorOf(g, winner), state.settings);
  return ok(finishGame(state, { ...g, cubeOffer: null, resignOffer: null, dice: null }, { winner, end, win }));
}

/** Whose decision it is (and whose clock runs, G8): null in the opening throw and after the end. */
export function toAct(state: MatchState): Seat | null {
  const g = state.game;
  switch (state.phase) {
    case 'turnStart':
    case 'moving':
      return seatToPlay(g);
    case 'cubeOffered':
      return g.cubeOffer ? responder(g.cubeOffer) : null;
    case 'resignOffered':
      return g.resignOffer ? otherSeat(g.resignOffer.by) : null;
    case 'opening':
    case 'matchOver':
      return null;
  }
}

/** G8: the seat that must act ran out of time: it loses the match, or (option, and in money play) the game as a surrender. */
function timeout(state: MatchState, seat: Seat): Result<MatchState> {
  if (state.settings.timeControl.kind === 'none') return err('BAD_ACTION', 'this table plays without a clock (G8)');
  const who = toAct(state);
  if (who === null) return wrongPhase(state, 'a time-out');
  if (seat !== who) return notYourTurn(seat, who);
  const winner = otherSeat(seat);
  if (state.settings.flagLoses === 'match' && state.settings.matchLength > 0) {
    return ok(Object.freeze({ ...state, phase: 'matchOver', end: Object.freeze({ winner, reason: 'timeout' }), version: state.version + 1 }));
  }
  const r = surrender(state, seat, 'timeout');
  if (!r.ok || state.settings.flagLoses === 'game' || r.value.phase === 'matchOver') return r;
  // Money session and flagLoses 'match': the game is scored as a surrender and the session ends.
  return ok(Object.freeze({ ...r.value, phase: 'matchOver', end: Object.freeze({ winner, reason: 'timeout' }) }));
}

/**
 * G5: resigning the whole match. In a money session (G6) it resigns the session: the game in play is conceded as a
 * surrender (G5a, valued by the position) and the session ends there; between games there is nothing to concede.
 */
function resignMatch(state: MatchState, seat: Seat): Result<MatchState> {
  if (state.settings.matchLength > 0) {
    return ok(
      Object.freeze({ ...state, phase: 'matchOver', end: Object.freeze({ winner: otherSeat(seat), reason: 'resignMatch' }), version: state.version + 1 }),
    );
  }
  let s = state;
  if (!betweenGames(state) && state.phase !== 'opening') {
    const r = surrender(state, seat, 'surrender');
    if (!r.ok || r.value.phase === 'matchOver') return r; // a session limit may already end it
    s = r.value;
  }
  return ok(sessionOver(s, 'resignMatch', state.version + 1));
}

/** A money session ends: the seat ahead is its winner, or none when level (G6). */
function sessionOver(state: MatchState, reason: MatchEnd['reason'], version: number): MatchState {
  const { p1, p2 } = state.score;
  const winner = p1 > p2 ? 'p1' : p2 > p1 ? 'p2' : null;
  return Object.freeze({ ...state, phase: 'matchOver', end: Object.freeze({ winner, reason }), version });
}

/** G6: a money session's game or points-ahead limit is reached (the time limit is the server's to keep). */
function sessionLimitReached(settings: MatchSettings, games: number, score: BySeat<number>): boolean {
  const { games: maxGames, pointsAhead } = settings.session;
  return (maxGames > 0 && games >= maxGames) || (pointsAhead > 0 && Math.abs(score.p1 - score.p2) >= pointsAhead);
}

/** Between games: the next game has not begun (no opening throw and no turn yet). */
export const betweenGames = (state: MatchState): boolean =>
  state.phase === 'opening'
    ? state.game.openingThrows.length === 0
    : state.phase === 'turnStart' && state.game.turnsPlayed === 0 && state.game.openingThrows.length === 0;

/** G6: a money session ends by agreement, between games (before a game's first throw). */
function endSession(state: MatchState, _seat: Seat): Result<MatchState> {
  if (state.settings.matchLength > 0) return err('BAD_ACTION', 'a match ends by points or resignation, not endSession (G6)');
  if (!betweenGames(state)) return wrongPhase(state, 'ending a session (finish the game first, or resign the session)');
  return ok(sessionOver(state, 'sessionEnded', state.version + 1));
}

// --- the end of a game --------------------------------------------------------------------------------------------

interface Outcome {
  readonly winner: Seat | null;
  readonly end: GameEnd;
  /** A scored win (bear-off, resign, surrender): Jacoby and the cube are applied here. */
  readonly win?: { readonly kind: WinKind; readonly points: WinPoints };
  /** A cube pass: fixed points at a fixed cube value. */
  readonly fixed?: { readonly kind: WinKind; readonly basePoints: number; readonly cubeValue: number };
}

/**
 * Scores a finished game (L24–L27, S7, G3–G7), adds it to the match, and starts the next game or ends the match
 * (G6: N points reached and ahead; a tie at N or more plays on; a money session's game or points-ahead limit). Crawford (G3): the game after a player first
 * reaches N − 1.
 */
function finishGame(state: MatchState, g: GameState, o: Outcome): MatchState {
  const settings = state.settings;
  let kind: WinKind | 'draw';
  let basePoints: number;
  let cubeValue = g.cube.value;
  if (o.fixed) ({ kind, basePoints, cubeValue } = o.fixed);
  else if (o.win) {
    kind = o.win.kind;
    basePoints = stakeFor(o.win.points, { value: 1, turned: g.cube.turned }, jacobyInForce(settings));
  } else {
    kind = 'draw'; // G7
    basePoints = settings.drawScoring === 'half' ? 0.5 : 1;
  }
  const total = basePoints * cubeValue;
  const points = o.winner === null ? bySeat(total, total) : o.winner === 'p1' ? bySeat(total, 0) : bySeat(0, total);
  const result: GameResult = Object.freeze({
    number: g.number,
    winner: o.winner,
    end: o.end,
    kind,
    basePoints,
    cubeValue,
    points,
    white: g.white,
    position: g.position,
  });
  const before = state.score;
  const score = bySeat(before.p1 + points.p1, before.p2 + points.p2);
  const games = Object.freeze([...state.games, result]);
  const finished: GameState = Object.freeze({ ...g });
  const version = state.version + 1;
  const n = settings.matchLength;
  if (n > 0 && Math.max(score.p1, score.p2) >= n && score.p1 !== score.p2) {
    const winner: Seat = score.p1 > score.p2 ? 'p1' : 'p2';
    return Object.freeze({ ...state, phase: 'matchOver', score, games, game: finished, end: Object.freeze({ winner, reason: 'points' }), version });
  }
  if (n === 0 && sessionLimitReached(settings, games.length, score)) return sessionOver({ ...state, score, games, game: finished }, 'sessionEnded', version);
  let crawfordGame = state.crawfordGame;
  if (n > 0 && settings.crawford && crawfordGame === null) {
    const reached = (s: Seat): boolean => before[s] < n - 1 && score[s] >= n - 1;
    if (reached('p1') || reached('p2')) crawfordGame = g.number + 1;
  }
  const number = g.number + 1;
  const crawford = crawfordGame === number;
  let next: GameState;
  if (scoringOf(settings) === 'long' && settings.nextGameStarter !== 'openingThrow') {
    // G6, rule 1.4: colours change and the previous game's Black starts (option: the previous winner; after a draw, Black).
    const starter = settings.nextGameStarter === 'previousWinner' && o.winner !== null ? o.winner : seatOf(g, 'black');
    next = startedGame(settings, number, crawford, starter);
  } else {
    next = openingGame(settings, number, crawford);
  }
  return Object.freeze({
    ...state,
    phase: next.starter === null ? 'opening' : 'turnStart',
    score,
    games,
    game: next,
    crawfordGame,
    version,
  });
}
