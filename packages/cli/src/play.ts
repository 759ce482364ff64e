import {
  apply,
  BAR,
  canDouble,
  colorOf,
  currentTurns,
  findTurn,
  getVariant,
  makePositionId,
  makeTurnNotation,
  mayBeaver,
  nextSteps,
  OFF,
  otherSeat,
  parseTurnNotation,
  renderBoard,
  responder,
  seatToPlay,
  turnFromNotation,
  type Action,
  type BySeat,
  type Color,
  type Dice,
  type Die,
  type GameResult,
  type MatchState,
  type Position,
  type ResignLevel,
  type Seat,
  type Step,
  type StepInput,
} from '@nardy/engine';
import type { DiceSource } from './dice.js';

/** What the input side is shown when it is asked for a line: enough for a scripted player in tests. */
export interface PlayView {
  readonly state: MatchState;
  /** The seat whose decision it is (null between games of a money session). */
  readonly seat: Seat | null;
  /** Steps entered so far in this turn (mover's own frame). */
  readonly staged: readonly Step[];
}

/** Where `play` gets its lines: a terminal, a pipe, or a scripted player. `null` = the input has ended. */
export interface PlayInput {
  next(prompt: string, view: PlayView): Promise<string | null>;
}

export interface PlayConfig {
  readonly state: MatchState;
  readonly names: BySeat<string>;
  readonly dice: DiceSource;
  /** Write each line read after its prompt (for piped input, so the transcript reads like a session). */
  readonly echo: boolean;
}

/** How the session ended: the match finished, a player typed `quit`, or the input ran out. */
type PlayEnd = 'finished' | 'quit' | 'eof';

export interface PlayOutcome {
  readonly end: PlayEnd;
  readonly state: MatchState;
  /** Every action applied, in order: the match record (`replay(settings, actions)` rebuilds the state). */
  readonly actions: readonly Action[];
}

const SYMBOL: Readonly<Record<Color, string>> = { white: 'O', black: 'X' };
const RESIGN_WORDS: Readonly<Record<string, ResignLevel>> = {
  single: 'single',
  oin: 'single',
  normal: 'single',
  mars: 'mars',
  gammon: 'mars',
  koks: 'koks',
  backgammon: 'koks',
};

export const PLAY_COMMANDS = `Commands (a word may be shortened to its first letter where shown):
  24/18 13/10      play a whole turn in notation (8/4(2), 13/7*/5, bar/20, 6/off); long nardy uses
                   absolute points for both colours, short nardy the mover's own numbers
  8/5              or one step at a time; the turn is played when its steps are complete
  (r)oll           throw the dice (an empty line does too)
  (d)ouble         offer the cube, before rolling
  (t)ake  (p)ass  (b)eaver    answer the cube (beaver only when the table allows it)
  (u)ndo           take back the last entry of this turn
  resign [single|mars|koks]   offer to resign the game at that value (default single)
  accept  decline  answer a resign offer
  surrender        give up the game now, valued by the position (G5a)
  resign match     give up the match
  board            show the board again
  end              end a money session (between games)
  (h)elp           this list
  (q)uit           leave (the match is abandoned)`;

/**
 * Two people playing at one terminal, through the engine's match reducer (`apply`). The CLI only throws
 * the dice (from `config.dice`), reads commands, and prints; every rule is the engine's.
 */
export async function runPlay(config: PlayConfig, input: PlayInput, print: (text: string) => void): Promise<PlayOutcome> {
  const { names, dice } = config;
  let state = config.state;
  const actions: Action[] = [];
  let staged: Step[] = [];
  /** How many steps each entry of this turn added (undo takes back one entry). */
  let entries: number[] = [];
  /** The position last drawn; the state version whose game start was announced; the throw last announced. */
  let lastShown: Position | null = null;
  let announced = -1;
  let announcedDice: Dice | null = null;
  let gamesReported = 0;

  const line = (s = ''): void => print(`${s}\n`);
  const nameOf = (seat: Seat): string => `${names[seat]} (${SYMBOL[colorOf(state.game, seat)]})`;
  const act = (a: Action): boolean => {
    const r = apply(state, a);
    if (!r.ok) {
      line(`Not allowed: ${r.error.message}`);
      return false;
    }
    state = r.value;
    actions.push(a);
    return true;
  };
  const ask = async (seat: Seat | null, prompt: string): Promise<string | null> => {
    const text = await input.next(prompt, { state, seat, staged });
    if (config.echo) print(text === null ? '\n' : `${prompt}${text}\n`);
    return text === null ? null : text.trim();
  };
  const board = (): void => {
    const g = state.game;
    lastShown = g.position;
    const seatFor = (c: Color): Seat => (colorOf(g, 'p1') === c ? 'p1' : 'p2');
    const cubeOwner = g.cube.owner === null ? undefined : colorOf(g, g.cube.owner);
    const showCube = state.settings.cube.enabled;
    line(
      renderBoard(g.position, {
        dice: state.phase === 'moving' && g.dice ? highFirst(g.dice) : undefined,
        cube: showCube ? { value: g.cube.value, owner: cubeOwner } : undefined,
        names: { white: names[seatFor('white')], black: names[seatFor('black')] },
        score: { white: state.score[seatFor('white')], black: state.score[seatFor('black')] },
        matchLength: state.settings.matchLength,
        positionId: makePositionId(g.position),
      }).trimEnd(),
    );
  };
  const scoreLine = (): string => {
    const n = state.settings.matchLength;
    return `Score: ${names.p1} ${state.score.p1}, ${names.p2} ${state.score.p2}${n > 0 ? ` (match to ${n})` : ' (money session)'}`;
  };
  const reportGames = (): void => {
    while (gamesReported < state.games.length) {
      const r = state.games[gamesReported++]!;
      line(describeResult(r, names));
      line(scoreLine());
    }
  };
  const throwDice = (): Dice => [dice.die(), dice.die()] as const;
  const resetTurn = (): void => {
    staged = [];
    entries = [];
  };

  for (;;) {
    reportGames();
    const g = state.game;
    if (state.phase === 'matchOver') {
      line(describeMatchEnd(state, names));
      return { end: 'finished', state, actions };
    }

    // Between games of a money session: play on or end it.
    if (
      state.settings.matchLength === 0 &&
      state.games.length > 0 &&
      g.turnsPlayed === 0 &&
      g.dice === null &&
      g.openingThrows.length === 0 &&
      state.phase !== 'cubeOffered' &&
      state.phase !== 'resignOffered'
    ) {
      const text = await ask(null, 'Another game? (yes/end) ');
      if (text === null) return { end: 'eof', state, actions };
      const w = text.toLowerCase();
      if (w === 'q' || w === 'quit') return quit();
      if (w === 'end' || w === 'no' || w === 'n') {
        act({ type: 'endSession', seat: 'p1' });
        continue;
      }
      if (w !== '' && w !== 'yes' && w !== 'y') {
        line('Answer yes (or an empty line) to play on, or end to end the session.');
        continue;
      }
      // Fall through to the game's opening.
    }

    switch (state.phase) {
      case 'opening': {
        const thrown = { p1: dice.die(), p2: dice.die() };
        line(`Opening throw: ${names.p1} ${thrown.p1}, ${names.p2} ${thrown.p2}${thrown.p1 === thrown.p2 ? ' (a tie: throw again)' : ''}`);
        act({ type: 'opening', dice: thrown });
        if (state.phase !== 'opening') {
          const ng = state.game;
          const s = ng.starter!;
          line(
            ng.dice
              ? `Game ${ng.number}: ${nameOf(s)} starts with ${highFirst(ng.dice).join('-')}.`
              : `Game ${ng.number}: ${names[s]} starts and plays White (O).`,
          );
        }
        break;
      }

      case 'turnStart': {
        const seat = seatToPlay(g);
        if (g.turnsPlayed === 0 && g.openingThrows.length === 0 && announced !== state.version) {
          line(`Game ${g.number}: ${names[seat]} starts and plays White (O) (G6: colours change).`);
          announced = state.version;
        }
        if (!canDouble(state, seat).ok) {
          roll(seat);
          break;
        }
        if (lastShown !== g.position) board();
        const text = await ask(seat, `${nameOf(seat)}: roll or double? `);
        if (text === null) return { end: 'eof', state, actions };
        const cmd = common(text, seat);
        if (cmd === 'quit') return quit();
        if (cmd === 'done') break;
        const w = text.toLowerCase();
        if (w === '' || w === 'r' || w === 'roll') roll(seat);
        else if (w === 'd' || w === 'double') {
          if (act({ type: 'double', seat })) line(`${nameOf(seat)} doubles to ${state.game.cubeOffer!.value}.`);
        } else line(`Unknown command '${text}' here: roll, double, or help.`);
        break;
      }

      case 'moving': {
        const seat = seatToPlay(g);
        const d = g.dice!;
        const shown = highFirst(d).join('-');
        const turns = currentTurns(state);
        if (announcedDice !== g.dice) {
          announcedDice = g.dice;
          if (lastShown !== g.position) board();
          else line(`${nameOf(seat)} rolls ${shown}.`);
        }
        if (turns.length === 0) {
          line(`${nameOf(seat)} cannot move with ${shown}: the turn passes.`);
          act({ type: 'move', seat, steps: [] });
          resetTurn();
          break;
        }
        const sofar = staged.length > 0 ? ` [${makeTurnNotation(g.position, { steps: staged })}; left ${diceLeft(d, staged).join('-')}]` : '';
        const text = await ask(seat, `${nameOf(seat)} to play ${shown}${sofar}: `);
        if (text === null) return { end: 'eof', state, actions };
        const w = text.toLowerCase();
        if (w === 'u' || w === 'undo') {
          if (entries.length === 0) line('Nothing to undo in this turn.');
          else {
            staged = staged.slice(0, staged.length - entries.pop()!);
            line(staged.length === 0 ? 'Undone: no steps entered.' : `Undone: ${makeTurnNotation(g.position, { steps: staged })} so far.`);
          }
          break;
        }
        const cmd = common(text, seat);
        if (cmd === 'quit') return quit();
        if (cmd === 'done') {
          if (state.game.number !== g.number || state.game.position !== g.position) resetTurn();
          break;
        }
        if (w === '') {
          line('Enter your move in notation (e.g. 24/18 13/10), or help.');
          break;
        }
        if (/^(r|roll|d|double|t|take|p|pass|b|beaver|accept|decline)$/.test(w)) {
          line(`'${text}' is not possible now: ${nameOf(seat)} must play ${shown}.`);
          break;
        }
        enterSteps(text, seat, g.position, d);
        break;
      }

      case 'cubeOffered': {
        const offer = g.cubeOffer!;
        const seat = responder(offer);
        const beaverOk = mayBeaver(state.settings, offer).ok;
        const text = await ask(seat, `${nameOf(seat)}: take or pass${beaverOk ? ' or beaver' : ''} (cube to ${offer.value})? `);
        if (text === null) return { end: 'eof', state, actions };
        const cmd = common(text, seat);
        if (cmd === 'quit') return quit();
        if (cmd === 'done') break;
        const w = text.toLowerCase();
        if (w === 't' || w === 'take') {
          if (act({ type: 'take', seat })) line(`${nameOf(seat)} takes; the cube is at ${state.game.cube.value}.`);
        } else if (w === 'p' || w === 'pass' || w === 'drop') {
          if (act({ type: 'pass', seat })) line(`${nameOf(seat)} passes.`);
        } else if (w === 'b' || w === 'beaver') {
          if (act({ type: 'beaver', seat })) line(`${nameOf(seat)} beavers: the cube is at ${state.game.cubeOffer!.value}.`);
        } else line(`Unknown answer '${text}': take, pass${beaverOk ? ', beaver' : ''}, or help.`);
        break;
      }

      case 'resignOffered': {
        const offer = g.resignOffer!;
        const seat = otherSeat(offer.by);
        const text = await ask(seat, `${nameOf(seat)}: accept or decline the resignation (${offer.level})? `);
        if (text === null) return { end: 'eof', state, actions };
        const w = text.toLowerCase();
        if (w === 'a' || w === 'accept' || w === 'yes' || w === 'y') {
          if (act({ type: 'acceptResign', seat })) line(`${nameOf(seat)} accepts.`);
        } else if (w === 'decline' || w === 'no' || w === 'n') {
          if (act({ type: 'declineResign', seat })) line(`${nameOf(seat)} declines; play goes on.`);
        } else {
          const cmd = common(text, seat);
          if (cmd === 'quit') return quit();
          if (cmd === 'none') line(`Unknown answer '${text}': accept or decline.`);
        }
        break;
      }
    }
  }

  function quit(): PlayOutcome {
    line(`Match abandoned. ${scoreLine()}`);
    return { end: 'quit', state, actions };
  }

  function roll(seat: Seat): void {
    const d = throwDice();
    if (act({ type: 'roll', seat, dice: d })) resetTurn();
  }

  /** Commands that work at every prompt. 'done' = handled; 'none' = not one of them. */
  function common(text: string, seat: Seat): 'done' | 'none' | 'quit' {
    const words = text.toLowerCase().split(/\s+/);
    const [w = '', arg] = words;
    switch (w) {
      case 'h':
      case 'help':
      case '?':
        line(PLAY_COMMANDS);
        return 'done';
      case 'q':
      case 'quit':
      case 'exit':
        return 'quit';
      case 'board':
        board();
        return 'done';
      case 'hint':
        line('No hints here: this is a game between two people.');
        return 'done';
      case 'surrender':
        if (act({ type: 'surrender', seat })) line(`${nameOf(seat)} surrenders.`);
        return 'done';
      case 'end':
        act({ type: 'endSession', seat });
        return 'done';
      case 'resign': {
        if (arg === 'match') {
          if (act({ type: 'resignMatch', seat })) line(`${nameOf(seat)} resigns the match.`);
          return 'done';
        }
        const level = arg === undefined ? 'single' : RESIGN_WORDS[arg];
        if (level === undefined) {
          line(`resign what? single, mars or koks (or: resign match)`);
          return 'done';
        }
        if (act({ type: 'resign', seat, level })) line(`${nameOf(seat)} offers to resign (${level}).`);
        return 'done';
      }
      default:
        return 'none';
    }
  }

  /** A whole turn, or steps of it, in notation (G2). */
  function enterSteps(text: string, seat: Seat, pos: Position, d: Dice): void {
    const rules = state.settings.rules;
    if (staged.length === 0) {
      const whole = turnFromNotation(pos, d, text, rules);
      if (whole.ok) {
        if (act({ type: 'move', seat, steps: whole.value.steps })) {
          line(`${nameOf(seat)} plays ${makeTurnNotation(pos, whole.value)}.`);
          resetTurn();
        }
        return;
      }
      const parsed = parseTurnNotation(text);
      if (!parsed.ok) {
        line(`Illegal: ${whole.error.message}`);
        return;
      }
      const steps = resolveSteps(pos, d, [], text, rules);
      // A complete turn that the notation resolver refused (e.g. hits that must be marked) is not guessed.
      if (!steps.ok || completes(pos, d, steps.value, rules)) {
        line(`Illegal: ${whole.error.message}`);
        return;
      }
      staged = steps.value;
      entries = [steps.value.length];
      return;
    }
    const steps = resolveSteps(pos, d, staged, text, rules);
    if (!steps.ok) {
      line(`Illegal: ${steps.message}`);
      return;
    }
    entries.push(steps.value.length - staged.length);
    staged = steps.value;
    if (completes(pos, d, staged, rules)) {
      const turn = findTurn(pos, d, staged, rules);
      if (!turn.ok) {
        line(`Illegal: ${turn.error.message}`);
        staged = staged.slice(0, staged.length - entries.pop()!);
        return;
      }
      if (act({ type: 'move', seat, steps: turn.value.steps })) {
        line(`${nameOf(seat)} plays ${makeTurnNotation(pos, turn.value)}.`);
        resetTurn();
      }
    }
  }
}

/** Whether `steps` are a whole legal turn (no step can follow and the engine accepts them). */
function completes(pos: Position, d: Dice, steps: readonly StepInput[], rules: MatchState['settings']['rules']): boolean {
  const next = nextSteps(pos, d, steps, rules);
  return next.ok && next.value.length === 0 && findTurn(pos, d, steps, rules).ok;
}

type Resolved = { ok: true; value: Step[] } | { ok: false; message: string };

/**
 * Reads notation as further steps after `staged`: each written hop (`8/5`, or `24/13` over two dice) is
 * found among the engine's legal next steps (`nextSteps`), trying every way to split a hop into dice.
 * Written intermediate points are kept; unwritten ones prefer not to hit.
 */
function resolveSteps(pos: Position, d: Dice, staged: readonly Step[], text: string, rules: MatchState['settings']['rules']): Resolved {
  const parsed = parseTurnNotation(text);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  if (parsed.value.moves.length === 0) return { ok: false, message: 'no move written' };
  const g = getVariant(pos.variant).geometry;
  const mover = pos.turn;
  const hasBar = getVariant(pos.variant).contact === 'hit';
  const own = (p: number | 'bar' | 'off'): number | undefined => {
    if (p === 'bar') return hasBar ? BAR : undefined;
    if (p === 'off') return OFF;
    if (hasBar && p === 25) return BAR;
    if (hasBar && p === 0) return OFF;
    return p >= 1 && p <= 24 ? g.pointFromNotation(mover, p) : undefined;
  };
  const hops: [number, number][] = [];
  for (const m of parsed.value.moves) {
    const path: number[] = [];
    for (const p of m.path) {
      const s = own(p);
      if (s === undefined) return { ok: false, message: `there is no point ${String(p)} in ${getVariant(pos.variant).name.en}` };
      path.push(s);
    }
    for (let c = 0; c < m.count; c++) for (let i = 1; i < path.length; i++) hops.push([path[i - 1]!, path[i]!]);
  }
  let steps: Step[] = [...staged];
  for (const [from, to] of hops) {
    if (to >= from) return { ok: false, message: `${text}: moves go forward only` };
    const found = hop(pos, d, steps, from, to, rules);
    if (!found) {
      const next = nextSteps(pos, d, steps, rules);
      const label = (p: number): string => (p === BAR ? 'bar' : p === OFF ? 'off' : String(g.notationPoint(mover, p)));
      const legal = next.ok ? next.value.map((s) => `${label(s.from)}/${label(s.to)}`) : [];
      const where = `${label(from)}/${label(to)}`;
      return {
        ok: false,
        message:
          legal.length > 0
            ? `${where} is not a legal step now; legal next steps: ${[...new Set(legal)].join(' ')}`
            : `${where} is not a legal step now: the turn is complete`,
      };
    }
    steps = found;
  }
  return { ok: true, value: steps };
}

/** One checker from `from` to `to` over one or more legal next steps (depth-first; non-hitting first). */
function hop(pos: Position, d: Dice, steps: Step[], from: number, to: number, rules: MatchState['settings']['rules']): Step[] | undefined {
  const next = nextSteps(pos, d, steps, rules);
  if (!next.ok) return undefined;
  const candidates = next.value.filter((s) => s.from === from).sort((a, b) => Number(a.hit) - Number(b.hit));
  for (const s of candidates) {
    if (s.to === to) return [...steps, s];
  }
  for (const s of candidates) {
    if (s.to > to && s.to !== OFF) {
      const more = hop(pos, d, [...steps, s], s.to, to, rules);
      if (more) return more;
    }
  }
  return undefined;
}

/** The dice as players say them, the higher first (6-3). */
const highFirst = (d: Dice): Dice => (d[0] >= d[1] ? d : [d[1], d[0]]);

/** The dice not yet used by `steps`. */
function diceLeft(d: Dice, steps: readonly Step[]): Die[] {
  const left: Die[] = d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : [d[0], d[1]];
  for (const s of steps) {
    const i = left.indexOf(s.die);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

const KIND_WORDS: Readonly<Record<string, string>> = {
  oin: 'an oin (a single game)',
  single: 'a single game',
  mars: 'a mars',
  homeMars: 'a home mars',
  koks: 'a koks',
};
/** Short nardy's words with the backgammon names beside them. */
const SHORT_KIND_WORDS: Readonly<Record<string, string>> = { mars: 'a mars (gammon)', koks: 'a koks (backgammon)' };

/** How a game ended, as the result line says it. */
const END_WORDS: Readonly<Record<GameResult['end'], string>> = {
  cubePass: 'the cube was passed',
  resign: 'by resignation',
  surrender: 'by surrender',
  timeout: 'on time',
  bearOff: 'bearing off',
};

/** Why a match ended, said of its winner. */
const MATCH_END_WORDS: Readonly<Record<NonNullable<MatchState['end']>['reason'], string>> = {
  points: 'wins the match',
  resignMatch: 'wins the match (the opponent resigned it)',
  timeout: 'wins the match on time',
  sessionEnded: 'is ahead when the session ends',
};

function describeResult(r: GameResult, names: BySeat<string>): string {
  const words = r.position.variant === 'long' ? KIND_WORDS : { ...KIND_WORDS, ...SHORT_KIND_WORDS };
  const pts = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;
  if (r.winner === null) return `Game ${r.number} is a draw: ${pts(r.points.p1)} each.`;
  const how = END_WORDS[r.end];
  const cube = r.cubeValue > 1 ? `, cube ${r.cubeValue}` : '';
  const value = r.kind === 'mars' ? 2 : r.kind === 'koks' || r.kind === 'homeMars' ? 3 : 1;
  const counted = r.basePoints !== value ? ` counted as ${r.basePoints}` : '';
  return `Game ${r.number}: ${names[r.winner]} wins ${words[r.kind] ?? r.kind}${counted} (${how}${cube}): ${pts(r.points[r.winner])}.`;
}

function describeMatchEnd(state: MatchState, names: BySeat<string>): string {
  const e = state.end;
  const score = `${names.p1} ${state.score.p1}, ${names.p2} ${state.score.p2}`;
  if (!e) return `Final score: ${score}.`;
  const why = MATCH_END_WORDS[e.reason];
  if (e.winner === null) return `The session ends level. Final score: ${score}.`;
  return `${names[e.winner]} ${why}. Final score: ${score}.`;
}
