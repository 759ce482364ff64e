import { BLOCK_CHECKS, HEAD_EXCEPTION_SCOPES, ruleOptions, type RuleOptions } from '@nardy/engine';
import { choice, type OptionSpec, type Parsed } from './args.js';
import { UsageError } from './io.js';

/** The rule options (docs/rules.md §2.9) as command-line flags, shared by `legal` and `play`. */
export const RULE_OPTION_SPEC: OptionSpec = {
  'head-exception': { type: 'string' },
  'block-check': { type: 'string' },
  'block-borne-off': { type: 'string' },
};

const BOOLEAN = ['true', 'false'] as const;

/** One line of the help: the flag and its values (the engine's list, its default first), then what it sets. */
const helpLine = (flag: string, values: readonly string[], what: string): string => `  ${`--${flag} ${values.join('|')}`.padEnd(54)}${what}`;

export const RULE_OPTION_HELP = [
  'Rule options (docs/rules.md §2.9; defaults first):',
  helpLine('head-exception', HEAD_EXCEPTION_SCOPES, 'L10: first-turn doubles off the head'),
  helpLine('block-check', BLOCK_CHECKS, 'L16: when the six-block rule is checked'),
  helpLine('block-borne-off', BOOLEAN, 'L16: borne-off checkers count as ahead of a block'),
].join('\n');

export function ruleOptionsFrom(values: Parsed['values']): RuleOptions {
  const partial: Record<string, unknown> = {};
  const head = choice(values, 'head-exception', HEAD_EXCEPTION_SCOPES);
  if (head !== undefined) partial['headExceptionScope'] = head;
  const check = choice(values, 'block-check', BLOCK_CHECKS);
  if (check !== undefined) partial['blockCheck'] = check;
  const borneOff = choice(values, 'block-borne-off', BOOLEAN);
  if (borneOff !== undefined) partial['blockAheadCountsBorneOff'] = borneOff === 'true';
  const r = ruleOptions(partial);
  if (!r.ok) throw new UsageError(r.error.message);
  return r.value;
}
