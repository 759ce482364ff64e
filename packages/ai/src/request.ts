import {
  CEILINGS,
  DEFAULT_SCORING,
  MARS_DEFINITIONS,
  checkDice,
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
  /** Tests only, honoured only by a pool made with `allowDebug`: the worker sleeps, or crashes, first. */
  readonly debug?: { readonly sleepMs?: number; readonly crash?: boolean };
}

/** A request after validation. */
export interface ValidRequest {
  readonly position: Position;
  readonly dice: Dice;
  readonly level: Level;
  readonly rules: RuleOptions;
  readonly scoring: ScoringSettings;
  readonly seed: number | undefined;
}

/** The bot's answer as plain data: the turn's steps (empty = pass) and the position after it. */
export interface BotTurn {
  readonly steps: readonly Step[];
  readonly after: Setup;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Validates a request from outside (the pool's input, the worker's message). */
export function parseBotRequest(input: unknown): Result<ValidRequest> {
  if (!isRecord(input)) return err('BAD_ACTION', 'a bot request must be an object');
  const raw = input['position'];
  if (!isRecord(raw) || !isRecord(raw['board']) || !isRecord(raw['firstTurn'])) {
    return err('BAD_SETUP', 'position must be a plain position object');
  }
  const position = positionFromSetup(raw as unknown as Setup);
  if (!position.ok) return position;
  const dice = checkDice(input['dice']);
  if (!dice.ok) return dice;
  const level = input['level'] ?? DEFAULT_LEVEL;
  if (!isLevel(level)) return err('BAD_OPTIONS', `unknown level ${JSON.stringify(level)}`);
  const rules = ruleOptions(input['rules'] ?? {});
  if (!rules.ok) return rules;
  const scoring = parseScoring(input['scoring']);
  if (!scoring.ok) return scoring;
  const seed = input['seed'];
  if (seed !== undefined && !Number.isInteger(seed)) return err('BAD_OPTIONS', 'seed must be an integer');
  return ok({ position: position.value, dice: dice.value, level, rules: rules.value, scoring: scoring.value, seed: seed as number | undefined });
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
