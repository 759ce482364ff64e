/**
 * The JSON-lines bot protocol of `shared/tools/gnubg/play.py` (README (d)), spoken by `nardy bot --stdio` and
 * by the bots `nardy match` drives. One answer line per request; `end` and `bye` get none.
 *
 * A position comes either as `pos`, a Position ID from the bot's view (gnubg's for short nardy and Caucasian,
 * the bot being the side on roll; a long-nardy ID for long nardy), or as `board`, a plain board
 * (`packages/engine/test/fixtures/legal/README.md`: variant, onRoll, white, black, dice, firstTurn). play.py's own `board` (a
 * JSON board with `points`) is ignored in favour of its `pos`.
 *
 *   move:   the bot is the side on roll; dice in `dice` (or the plain board's). Answer `{"after": ID}` for a
 *           gnubg ID (the position after the turn, the bot still on roll: play.py's "after"), else
 *           `{"result": key}` (the fixtures' canonical key of the position after the turn). With a match
 *           `cube` (matchTo > 0) the turn is scored by match winning chances (`cubefulPlayEquity`).
 *   double: the bot is on roll, before throwing: `{"action": "double" | "roll"}`.
 *   take:   the opponent doubled. `pos` is from the bot's view (play.py); a plain board's `onRoll` is the
 *           doubler. `{"action": "take" | "drop"}`, or "beaver" when the request's cube says beavers are allowed.
 *   cube:   {value, owner: "me" | "opp" | "centre", matchTo (0 = money), score: {me, opp}, crawford?, jacoby?,
 *           beaver?}, "me" being the bot. Without `crawford`, a request with a `game` number is placed by the games
 *           seen so far (`CrawfordTracker`: play.py sends no Crawford flag); one without is taken as not the
 *           Crawford game.
 *   end:    {game, points}: counted by the Crawford tracker.
 * A malformed or unknown request gets `{"error": "..."}` and the bot goes on.
 */
import {
  chooseTurn,
  cubeDecision,
  cubeEvaluator,
  playCubeOf,
  seededRng,
  type CubeContext,
  type CubeView,
  type Level,
  type Probabilities,
  type Rng,
} from '@nardy/ai';
import {
  boardKey,
  checkDice,
  isRecord,
  opposite,
  parsePlainBoard,
  parsePositionId,
  withTurn,
  type Dice,
  type Position,
  type RuleOptions,
  type VariantId,
} from '@nardy/engine';
import { CrawfordTracker } from './crawford-tracker.js';
import { afterId } from './position-input.js';

export interface BotSettings {
  /** For `pos` requests (a plain board names its variant). */
  readonly variant: VariantId;
  readonly level: Level;
  readonly rules: RuleOptions;
  /** Seeds the noise of the lower levels (reproducible games); default random. */
  readonly seed?: number;
}

/** What one request line asks of the bot. */
export interface BotReply {
  /** The answer line's JSON text, or null (end, bye). */
  readonly answer: string | null;
  /** `bye`: the conversation is over. */
  readonly bye: boolean;
}

class RequestError extends Error {}

interface ReadPosition {
  readonly position: Position;
  readonly dice: Dice | undefined;
  /** Whether it came as a Position ID (`pos`, from the bot's view) rather than a plain board. */
  readonly fromId: boolean;
}

interface CubeField {
  readonly value: number;
  readonly owner: 'me' | 'opp' | 'centre';
  readonly matchTo: number;
  readonly score: { readonly me: number; readonly opp: number };
  readonly crawford: boolean;
  readonly jacoby: boolean;
  readonly beaver: boolean;
}

export class BotSession {
  private readonly rng: Rng;
  /** The strongest static evaluator per variant (for the cube), made once. */
  private readonly evaluators = new Map<VariantId, (p: Position) => Probabilities>();
  private readonly crawfordGames = new CrawfordTracker();

  constructor(private readonly settings: BotSettings) {
    this.rng = settings.seed !== undefined ? seededRng(settings.seed) : Math.random;
  }

  /** The reply to one request line. Never throws: a bad request is answered with an error line. */
  reply(line: string): BotReply {
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch (e) {
      return { answer: error(`bad JSON: ${e instanceof Error ? e.message : String(e)}`), bye: false };
    }
    try {
      if (!isRecord(msg)) throw new RequestError('a request must be a JSON object');
      switch (msg['type']) {
        case 'move':
          return { answer: JSON.stringify(this.move(msg)), bye: false };
        case 'double':
          return { answer: JSON.stringify(this.double(msg)), bye: false };
        case 'take':
          return { answer: JSON.stringify(this.take(msg)), bye: false };
        case 'end': {
          // No answer, whatever it holds: an error line would be read as the answer to the next request.
          const points = msg['points'];
          if (isCount(msg['game']) && typeof points === 'number' && Number.isInteger(points)) this.crawfordGames.end(msg['game'], points);
          return { answer: null, bye: false };
        }
        case 'bye':
          return { answer: null, bye: true };
        default:
          throw new RequestError(`unknown request type ${JSON.stringify(msg['type'])}`);
      }
    } catch (e) {
      return { answer: error(e instanceof Error ? e.message : String(e)), bye: false };
    }
  }

  private move(msg: Record<string, unknown>): { after: string } | { result: string } {
    const { position, dice, fromId } = this.position(msg, 'move');
    if (!dice) throw new RequestError('a move request needs "dice"');
    // Match play: turns scored by match winning chances under the request's cube (`cubefulPlayEquity`). Money
    // play stays cubeless: cubeful money play measured no better with our nets (bench/RESULTS.md).
    const field = msg['cube'] === undefined ? undefined : this.cubeField(msg);
    const cube = field && field.matchTo > 0 ? playCubeOf(cubeView(field, 'me'), this.cubeContext(position, field, field.score.me, field.score.opp)) : undefined;
    const turn = chooseTurn(position, dice, { level: this.settings.level, rules: this.settings.rules, rng: this.rng, ...(cube ? { cube } : {}) });
    const after = fromId ? afterId(position, turn.after) : undefined; // none for long nardy
    return after !== undefined ? { after } : { result: boardKey(turn.after) };
  }

  private double(msg: Record<string, unknown>): { action: 'double' | 'roll' } {
    const { position } = this.position(msg, 'double');
    const cube = this.cubeField(msg);
    const d = cubeDecision(position, cubeView(cube, 'me'), this.cubeContext(position, cube, cube.score.me, cube.score.opp));
    return { action: d.action === 'double' ? 'double' : 'roll' };
  }

  private take(msg: Record<string, unknown>): { action: 'take' | 'drop' | 'beaver' } {
    const read = this.position(msg, 'take');
    // The doubler is on roll: a Position ID is written from the bot's view, a plain board names the doubler.
    const position = read.fromId ? withTurn(read.position, opposite(read.position.turn)) : read.position;
    const cube = this.cubeField(msg);
    const d = cubeDecision(position, cubeView(cube, 'opp'), this.cubeContext(position, cube, cube.score.opp, cube.score.me));
    if (d.response === 'beaver') return { action: cube.beaver ? 'beaver' : 'take' };
    return { action: d.response === 'take' ? 'take' : 'drop' };
  }

  /** The request's cube, its Crawford flag given or worked out from the games seen. */
  private cubeField(msg: Record<string, unknown>): CubeField {
    const { crawford, ...cube } = readCube(msg['cube']);
    const game = msg['game'];
    if (crawford !== undefined || cube.matchTo === 0 || !isCount(game)) return { ...cube, crawford: crawford === true };
    return { ...cube, crawford: this.crawfordGames.crawford(cube.matchTo, game, cube.score) };
  }

  private cubeContext(position: Position, cube: CubeField, onRollScore: number, opponentScore: number): CubeContext {
    const evaluator = this.evaluator(position);
    if (cube.matchTo > 0) {
      const away = { onRoll: cube.matchTo - onRollScore, opponent: cube.matchTo - opponentScore };
      const stage = cube.crawford ? 'crawford' : Math.min(away.onRoll, away.opponent) <= 1 ? 'postCrawford' : 'preCrawford';
      return { away, stage, evaluator };
    }
    return { jacoby: cube.jacoby, beaver: cube.beaver, evaluator };
  }

  /** The level's cube look-ahead (`cubePlies`): a static evaluation up to `expert`, 2-ply above. */
  private evaluator(position: Position): (p: Position) => Probabilities {
    let e = this.evaluators.get(position.variant);
    if (!e) {
      e = cubeEvaluator(this.settings.level, { rules: this.settings.rules });
      this.evaluators.set(position.variant, e);
    }
    return e;
  }

  /** The request's position: a plain `board`, else `pos` (the bot on roll for a gnubg ID). */
  private position(msg: Record<string, unknown>, what: string): ReadPosition {
    const board = msg['board'];
    const diceField = msg['dice'];
    let dice: Dice | undefined;
    if (diceField !== undefined) {
      const d = checkDice(diceField);
      if (!d.ok) throw new RequestError(d.error.message);
      dice = d.value;
    }
    if (isRecord(board) && 'onRoll' in board) {
      const r = parsePlainBoard(board);
      if (!r.ok) throw new RequestError(`${r.error.code}: ${r.error.message}`);
      return { position: r.value.position, dice: dice ?? r.value.dice, fromId: false };
    }
    const pos = msg['pos'];
    if (typeof pos !== 'string') throw new RequestError(`a ${what} request needs "pos" (a Position ID) or a plain "board"`);
    const r = parsePositionId(this.settings.variant, pos, 'white');
    if (!r.ok) throw new RequestError(`${r.error.code}: ${r.error.message}`);
    return { position: r.value, dice, fromId: true };
  }
}

const error = (message: string): string => JSON.stringify({ error: message });

const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 1;

function readCube(x: unknown): Omit<CubeField, 'crawford'> & { readonly crawford: boolean | undefined } {
  const c = isRecord(x) ? x : {};
  const value = c['value'] ?? 1;
  const owner = c['owner'] ?? 'centre';
  const matchTo = c['matchTo'] ?? 0;
  const score = isRecord(c['score']) ? c['score'] : {};
  const me = score['me'] ?? 0;
  const opp = score['opp'] ?? 0;
  if (!Number.isInteger(value) || (value as number) < 1) throw new RequestError('cube.value must be a positive integer');
  if (owner !== 'me' && owner !== 'opp' && owner !== 'centre') throw new RequestError('cube.owner must be "me", "opp" or "centre"');
  if (![matchTo, me, opp].every((n) => typeof n === 'number' && n >= 0)) throw new RequestError('cube.matchTo and cube.score must be numbers ≥ 0');
  const crawford = c['crawford'];
  if (crawford !== undefined && typeof crawford !== 'boolean') throw new RequestError('cube.crawford must be true or false');
  return {
    value: value as number,
    owner,
    matchTo: matchTo as number,
    score: { me: me as number, opp: opp as number },
    crawford,
    jacoby: c['jacoby'] === true,
    beaver: c['beaver'] === true,
  };
}

/** The cube from the view of the side on roll, who is `onRoll` ("me" = the bot, "opp" = its opponent). */
function cubeView(cube: CubeField, onRoll: 'me' | 'opp'): CubeView {
  const owner = cube.owner === 'centre' ? 'centred' : cube.owner === onRoll ? 'onRoll' : 'opponent';
  return { value: cube.value, owner };
}
