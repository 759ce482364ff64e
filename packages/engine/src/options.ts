import { err, ok, type Result } from './result.js';

/** L10: when a first-turn double may take a second checker off the head (the rule book's default first). */
export const HEAD_EXCEPTION_SCOPES = ['federation', 'blockedDouble', 'anyDouble'] as const;
export type HeadExceptionScope = (typeof HEAD_EXCEPTION_SCOPES)[number];

/** L16: the six-block rule is checked after every step (rule 3.4, "пробегом") or only after the whole turn. */
export const BLOCK_CHECKS = ['perStep', 'endOfTurn'] as const;
export type BlockCheck = (typeof BLOCK_CHECKS)[number];

/**
 * Per-game rule options (docs/rules.md §2.9). Stored with a game and shown to players before they sit down.
 * Every option has the rule book's default.
 */
export interface RuleOptions {
  readonly headExceptionScope: HeadExceptionScope;
  readonly blockCheck: BlockCheck;
  /** L16: opposing checkers already borne off count as "ahead" of a block. */
  readonly blockAheadCountsBorneOff: boolean;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  headExceptionScope: 'federation',
  blockCheck: 'perStep',
  blockAheadCountsBorneOff: true,
};

/** Every option's values, as `ruleOptions` accepts them. */
const CHOICES: { readonly [K in keyof RuleOptions]: readonly RuleOptions[K][] } = {
  headExceptionScope: HEAD_EXCEPTION_SCOPES,
  blockCheck: BLOCK_CHECKS,
  blockAheadCountsBorneOff: [true, false],
};

/** Completes partial options with the defaults; unknown keys or values are an error. */
export function ruleOptions(partial: unknown = {}): Result<RuleOptions> {
  if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) {
    return err('BAD_OPTIONS', 'rule options must be an object');
  }
  const out: Record<string, unknown> = { ...DEFAULT_RULE_OPTIONS };
  for (const [key, value] of Object.entries(partial)) {
    const allowed = (CHOICES as Record<string, readonly unknown[]>)[key];
    if (!allowed) return err('BAD_OPTIONS', `unknown rule option '${key}'`);
    if (value === undefined) continue;
    if (!allowed.includes(value)) {
      return err('BAD_OPTIONS', `rule option '${key}' must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
    }
    out[key] = value;
  }
  return ok(out as unknown as RuleOptions);
}
