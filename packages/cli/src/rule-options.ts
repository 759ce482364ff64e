import { ruleOptions, type RuleOptions } from '@nardy/engine';
import { choice, type OptionSpec, type Parsed } from './args.js';
import { UsageError } from './io.js';

/** The rule options (RULES.md §2.9) as command-line flags, shared by `legal` and `play`. */
export const RULE_OPTION_SPEC: OptionSpec = {
  'head-exception': { type: 'string' },
  'block-check': { type: 'string' },
  'block-borne-off': { type: 'string' },
};

const HEAD_EXCEPTION: readonly RuleOptions['headExceptionScope'][] = ['federation', 'blockedDouble', 'anyDouble'];
const BLOCK_CHECK: readonly RuleOptions['blockCheck'][] = ['perStep', 'endOfTurn'];

export const RULE_OPTION_HELP = `Rule options (RULES.md §2.9; defaults first):
  --head-exception federation|blockedDouble|anyDouble   L10: first-turn doubles off the head
  --block-check perStep|endOfTurn                       L16: when the six-block rule is checked
  --block-borne-off true|false                          L16: borne-off checkers count as ahead of a block`;

export function ruleOptionsFrom(values: Parsed['values']): RuleOptions {
  const partial: Record<string, unknown> = {};
  const head = choice(values, 'head-exception', HEAD_EXCEPTION);
  if (head !== undefined) partial['headExceptionScope'] = head;
  const check = choice(values, 'block-check', BLOCK_CHECK);
  if (check !== undefined) partial['blockCheck'] = check;
  const borneOff = choice(values, 'block-borne-off', ['true', 'false'] as const);
  if (borneOff !== undefined) partial['blockAheadCountsBorneOff'] = borneOff === 'true';
  const r = ruleOptions(partial);
  if (!r.ok) throw new UsageError(r.error.message);
  return r.value;
}
