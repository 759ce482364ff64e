import { parseArgs } from 'node:util';
import { UsageError } from './io.js';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: false }>;

export interface Parsed {
  readonly values: Record<string, string | boolean | undefined>;
  readonly positionals: string[];
}

/**
 * `node:util` parseArgs in strict mode, with its exceptions turned into UsageErrors (one line each).
 * `--help`/`-h` is always accepted.
 */
export function parse(args: readonly string[], options: OptionSpec, maxPositionals: number): Parsed {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message.replace(/\. To specify.*$/s, '') : String(e));
  }
  if (parsed.positionals.length > maxPositionals && !parsed.values['help']) {
    throw new UsageError(`unexpected argument '${parsed.positionals[maxPositionals]}'`);
  }
  return { values: parsed.values as Parsed['values'], positionals: parsed.positionals };
}

/** A string option that must be one of `choices`. */
export function choice<T extends string>(values: Parsed['values'], name: string, choices: readonly T[]): T | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got '${String(v)}')`);
  }
  return v as T;
}

/** A string option that must be a non-negative integer up to `max`. */
export function integer(values: Parsed['values'], name: string, min: number, max: number): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max} (got '${String(v)}')`);
  }
  return Number(v);
}
