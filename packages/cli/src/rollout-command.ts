import { availableParallelism } from 'node:os';
import { DEFAULT_TRIALS, ROLLOUT_LEVEL, rollout, type Probabilities, type RolloutResult } from '@nardy/ai';
import { workerTrials } from '@nardy/ai/node';
import { findTurnByNotation, legalTurns, makePositionId, makeTurnNotation, type Turn } from '@nardy/engine';
import { integer, parse } from './args.js';
import { EXIT_OK, UsageError, write, type Io } from './io.js';
import { levelFrom, POSITION_HELP, POSITION_OPTION_SPEC, readPositionInput, signed } from './position-input.js';
import { ProgressBar } from './progress.js';
import { RULE_OPTION_HELP, RULE_OPTION_SPEC, ruleOptionsFrom } from './rule-options.js';

const DEFAULT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

export const ROLLOUT_HELP = `Usage: nardy rollout <position> [--play "8/5 6/5" --dice 31] [--trials N] [--workers N] [--seed N]
                     [--truncate K] [--level L] [--no-luck] [--json] [--variant V] [--turn white|black]

Plays the position out to the end --trials times (default ${DEFAULT_TRIALS}) with both sides at --level (default
${ROLLOUT_LEVEL}) and prints the mean of the five probabilities (win, win mars, win koks, lose mars, lose koks)
and the cubeless equity, each with its standard error, for the side on roll. With --play and --dice: the
position after that turn of the side on roll, still from its view.

Dice are quasi-random and seeded (--seed, default 1): the first throw of each block of 36 trials goes
through all 36 throws, the first two throws over 1,296 trials through all 1,296 pairs, and each later
throw through all 36 within every block. Luck adjustment (variance reduction, on unless --no-luck)
subtracts each throw's luck: the value of the best turn for the throw that came minus the mean over all
throws. --truncate K stops each trial after K half-moves and takes the static evaluation there.
--workers N (default ${DEFAULT_WORKERS}; 0 = this thread): the result is the same for any number.
A progress bar is drawn on stderr when it is a terminal.

${POSITION_HELP}

--json: one JSON object {variant, position, played?, trials, seed, level, luck, truncate, probabilities,
equity, standardError}.

${RULE_OPTION_HELP}`;

const COLUMNS: readonly (keyof Probabilities)[] = ['win', 'winMars', 'winKoks', 'loseMars', 'loseKoks'];

function table(r: RolloutResult): string {
  const row = (name: string, p: Probabilities, eq: string): string =>
    `  ${name.padEnd(8)}${COLUMNS.map((k) => p[k].toFixed(4).padStart(9)).join('')}  ${eq.padStart(8)}\n`;
  return (
    `  ${''.padEnd(8)}${['win', 'mars', 'koks', 'lose m.', 'lose k.'].map((h) => h.padStart(9)).join('')}  ${'equity'.padStart(8)}\n` +
    row('mean', r.probabilities, signed(r.equity, 4)) +
    row('s.e.', r.standardError, r.standardError.equity.toFixed(4))
  );
}

export async function rolloutCommand(args: readonly string[], io: Io): Promise<number> {
  const spec = {
    ...POSITION_OPTION_SPEC,
    ...RULE_OPTION_SPEC,
    play: { type: 'string' },
    trials: { type: 'string' },
    workers: { type: 'string' },
    seed: { type: 'string' },
    truncate: { type: 'string' },
    level: { type: 'string' },
    'no-luck': { type: 'boolean' },
    json: { type: 'boolean' },
  } as const;
  const { values, positionals } = parse(args, spec, 1);
  const { position, dice } = readPositionInput(values, positionals, 'rollout');
  const rules = ruleOptionsFrom(values);
  let played: Turn | undefined;
  if (typeof values['play'] === 'string') {
    if (!dice) throw new UsageError('--play needs the dice: --dice 31');
    const found = findTurnByNotation(position, legalTurns(position, dice, rules), values['play']);
    if (!found.ok) throw new UsageError(`--play: ${found.error.message}`);
    played = found.value;
  }
  const trials = integer(values, 'trials', 1, 10_000_000) ?? DEFAULT_TRIALS;
  const workers = integer(values, 'workers', 0, 256) ?? DEFAULT_WORKERS;
  const seed = integer(values, 'seed', 0, 2 ** 32 - 1) ?? 1;
  const truncate = integer(values, 'truncate', 0, 100_000);
  const level = levelFrom(values, ROLLOUT_LEVEL);
  const luck = values['no-luck'] !== true;
  const bar = new ProgressBar(io.stderr);
  const result = await rollout(position, {
    trials,
    ...(workers > 0 ? { runner: workerTrials(workers) } : {}),
    seed,
    level,
    rules,
    luck,
    ...(truncate !== undefined ? { truncate } : {}),
    ...(played ? { played } : {}),
    onProgress: (p) =>
      bar.update(p.done, p.total, () => {
        const e = p.estimate();
        return `equity ${signed(e.equity)} ± ${e.standardError.equity.toFixed(3)}`;
      }),
  });
  bar.done();
  const move = played ? makeTurnNotation(position, played) : undefined;
  if (values['json']) {
    const out = {
      variant: position.variant,
      position: makePositionId(position),
      ...(move ? { played: move } : {}),
      trials,
      seed,
      level,
      luck,
      truncate: truncate ?? null,
      probabilities: result.probabilities,
      equity: result.equity,
      standardError: result.standardError,
    };
    await write(io.stdout, `${JSON.stringify(out)}\n`);
    return EXIT_OK;
  }
  const what = move ? `${position.turn} after ${dice?.join('')} ${move}` : `${position.turn} on roll`;
  const how = `${trials} trials, seed ${seed}, ${level}, luck adjustment ${luck ? 'on' : 'off'}, ${truncate === undefined ? 'to the end' : `truncated at ${truncate} half-moves`}`;
  await write(io.stdout, `${makePositionId(position)}: ${what}\n${how}\n${table(result)}`);
  return EXIT_OK;
}
