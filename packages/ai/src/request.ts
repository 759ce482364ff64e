import {
  CEILINGS,
  DEFAULT_SCORING,
  MARS_DEFINITIONS,
  checkDice,
  isRecord,
  err,
  legalTurns,
  ok,
  passTurn,
  positionFromSetup,
  ruleOptions,
  type Dice,
  type Position,
  type Result,
  type RuleOptions,
  type ScoringSettings,
  type Setup,
  type Step,
} from '@nardy/engine';
import { parsePlayCube, type PlayCube } from './cubeful-play.js';
import { DEFAULT_LEVEL, isLevel, type Level } from './levels.js';

/** A move request as plain data (what crosses to a worker thread). */
export interface BotRequest {
  /** The engine's plain position; the bot plays for `position.turn`. */
  readonly position: Setup;
  readonly dice: readonly [number, number];
  /** Default `expert`. */
  readonly level?: Level;
  /** Partial rule options (L10, L16), completed with the defaults. */
  readonly rules?: Partial<RuleOptions>;
  /** What wins are worth; default the engine's. */
  readonly scoring?: ScoringSettings;
  /** Seed of the level's noise (reproducible bot games); default random. */
  readonly seed?: number;
  /** The cube the turn is played under, when the game uses one: cubeful chequer play (`cubeful-play.ts`). */
  readonly cube?: PlayCube;
  /** Tests only, honoured only by a pool made with `allowDebug`: the worker sleeps, or crashes, first. */
  readonly debug?: { readonly sleepMs?: number; readonly crash?: boolean };
}

/**
 * A cube question as plain data: the five numbers of `position` for its side on roll, before the throw, at the
 * level's cube look-ahead (`cubePlies`, `levels.ts`); `cubeDecision` turns them into the decision.
 */
export interface CubeRequest {
  readonly position: Setup;
  readonly level?: Level;
  readonly rules?: Partial<RuleOptions>;
  readonly scoring?: ScoringSettings;
  readonly debug?: BotRequest['debug'];
}

/** A cube request after validation. */
export interface ValidCubeRequest {
  readonly position: Position;
  readonly level: Level;
  readonly rules: RuleOptions;
  readonly scoring: ScoringSettings;
}

/** A move request after validation. */
export interface ValidRequest extends ValidCubeRequest {
  readonly dice: Dice;
  readonly seed: number | undefined;
  readonly cube: PlayCube | undefined;
}

/** The bot's answer as plain data: the turn's steps (empty = pass) and the position after it. */
export interface BotTurn {
  readonly steps: readonly Step[];
  readonly after: Setup;
}

/** Validates a cube request from outside (the pool's input, the worker's message). */
export function parseCubeRequest(input: unknown): Result<ValidCubeRequest> {
  if (!isRecord(input)) return err('BAD_ACTION', 'a bot request must be an object');
  const raw = input['position'];
  if (!isRecord(raw) || !isRecord(raw['board']) || !isRecord(raw['firstTurn'])) {
    return err('BAD_SETUP', 'position must be a plain position object');
  }
  const position = positionFromSetup(raw as unknown as Setup);
  if (!position.ok) return position;
  const level = input['level'] ?? DEFAULT_LEVEL;
  if (!isLevel(level)) return err('BAD_OPTIONS', `unknown level ${JSON.stringify(level)}`);
  const rules = ruleOptions(input['rules'] ?? {});
  if (!rules.ok) return rules;
  const scoring = parseScoring(input['scoring']);
  if (!scoring.ok) return scoring;
  return ok({ position: position.value, level, rules: rules.value, scoring: scoring.value });
}

/** Validates a move request: a cube request's fields plus the dice, the noise's seed and the cube. */
export function parseBotRequest(input: unknown): Result<ValidRequest> {
  const common = parseCubeRequest(input);
  if (!common.ok) return common;
  const fields = input as Record<string, unknown>;
  const dice = checkDice(fields['dice']);
  if (!dice.ok) return dice;
  const seed = fields['seed'];
  if (seed !== undefined && !Number.isInteger(seed)) return err('BAD_OPTIONS', 'seed must be an integer');
  const cube = fields['cube'] === undefined ? undefined : parsePlayCube(fields['cube']);
  if (cube && !cube.ok) return cube;
  return ok({ ...common.value, dice: dice.value, seed: seed as number | undefined, cube: cube?.value });
}

function parseScoring(x: unknown): Result<ScoringSettings> {
  if (x === undefined) return ok(DEFAULT_SCORING);
  if (!isRecord(x)) return err('BAD_OPTIONS', 'scoring must be an object');
  const s = { ...DEFAULT_SCORING, ...x };
  if (!(CEILINGS as readonly unknown[]).includes(s.ceiling)) return err('BAD_OPTIONS', 'bad scoring ceiling');
  if (!(MARS_DEFINITIONS as readonly unknown[]).includes(s.marsDefinition)) return err('BAD_OPTIONS', 'bad marsDefinition');
  if (typeof s.homeMars !== 'boolean' || typeof s.koks !== 'boolean') return err('BAD_OPTIONS', 'homeMars and koks must be booleans');
  return ok({ ceiling: s.ceiling, marsDefinition: s.marsDefinition, homeMars: s.homeMars, koks: s.koks });
}

/** The answer when the bot cannot: the first legal turn in `legalTurns` order, or the pass (L14). */
export function fallbackTurn(request: ValidRequest): BotTurn {
  const turn = legalTurns(request.position, request.dice, request.rules)[0] ?? passTurn(request.position);
  return { steps: turn.steps, after: turn.after };
}
