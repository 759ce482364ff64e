import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { MAX_MATCH_LENGTH, newMatch, VARIANT_IDS, type MatchSettingsInput } from '@nardy/engine';
import { choice, integer, parse } from './args.js';
import { cryptoDice, seededDice } from './dice.js';
import { EXIT_OK, EXIT_USAGE, UsageError, write, type Io } from './io.js';
import { PLAY_COMMANDS, runPlay, type PlayInput } from './play.js';
import { RULE_OPTION_HELP, RULE_OPTION_SPEC, ruleOptionsFrom } from './rule-options.js';

export const PLAY_HELP = `Usage: nardy play [--variant ${VARIANT_IDS.join('|')}] [--match N] [--cube | --no-cube] [--beaver]
                  [--names A,B] [--seed N] [rule options]

Two people play at one terminal (or from a script on stdin). The dice are thrown by the CLI; every
rule is the engine's. Each game begins with the opening throw of the variant (short nardy: the
higher die plays both opening dice; long nardy: the higher die starts as White and throws again).

  --variant V     long (default), short or caucasian
  --match N       a match to N points (1..${MAX_MATCH_LENGTH}; default 1 = one game); 0 = a money session,
                  ended with 'end' between games
  --cube          play with the doubling cube (default: on in short nardy and Caucasian, off in long)
  --no-cube       play without it
  --beaver        allow beavers (money session with the cube only)
  --names A,B     the players' names (default "Player 1,Player 2")
  --seed N        for tests and replays only: throw the dice from a seeded generator (N = 0..4294967295)
                  instead of the system's cryptographic one, so the same seed and the same input
                  replay the same session

${RULE_OPTION_HELP}

${PLAY_COMMANDS}

Exit codes: 0 when the match is over or abandoned with quit; 2 on bad arguments or when the input
ends before the match is over.`;

/** Lines from a stream, one at a time, as the game asks for them. Prompts are shown on a terminal only. */
function streamInput(stdin: Readable, prompt: ((text: string) => void) | undefined): PlayInput & { close(): void } {
  const rl = createInterface({ input: stdin, crlfDelay: Infinity, terminal: false });
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  rl.on('line', (l) => {
    const w = waiting.shift();
    if (w) w(l);
    else lines.push(l);
  });
  rl.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(null);
  });
  return {
    next(text) {
      prompt?.(text);
      const l = lines.shift();
      if (l !== undefined) return Promise.resolve(l);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => rl.close(),
  };
}

export async function playCommand(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(
    args,
    {
      variant: { type: 'string' },
      match: { type: 'string' },
      cube: { type: 'boolean' },
      'no-cube': { type: 'boolean' },
      beaver: { type: 'boolean' },
      names: { type: 'string' },
      seed: { type: 'string' },
      ...RULE_OPTION_SPEC,
    },
    0,
  );
  const variant = choice(values, 'variant', VARIANT_IDS) ?? 'long';
  const matchLength = integer(values, 'match', 0, MAX_MATCH_LENGTH) ?? 1;
  if (values['cube'] && values['no-cube']) throw new UsageError('--cube and --no-cube contradict each other');
  const seed = integer(values, 'seed', 0, 2 ** 32 - 1);
  const namesArg = values['names'];
  let names = { p1: 'Player 1', p2: 'Player 2' };
  if (typeof namesArg === 'string') {
    const parts = namesArg.split(',').map((s) => s.trim());
    if (parts.length !== 2 || parts.some((p) => p === '' || p.length > 20) || parts[0] === parts[1]) {
      throw new UsageError('--names must be two different names of up to 20 characters, separated by a comma');
    }
    names = { p1: parts[0]!, p2: parts[1]! };
  }
  const cube: { enabled?: boolean; beaver?: boolean } = {};
  if (values['cube']) cube.enabled = true;
  if (values['no-cube']) cube.enabled = false;
  if (values['beaver']) cube.beaver = true;
  const settings: MatchSettingsInput = { variant, matchLength, cube, rules: ruleOptionsFrom(values) };
  const match = newMatch(settings);
  if (!match.ok) throw new UsageError(match.error.message);

  const tty = (io.stdin as { isTTY?: boolean }).isTTY === true;
  const input = streamInput(io.stdin, tty ? (text) => io.stdout.write(text) : undefined);
  const dice = seed === undefined ? cryptoDice : seededDice(seed);
  const s = match.value.settings;
  await write(
    io.stdout,
    `${variant === 'long' ? 'Long nardy' : variant === 'short' ? 'Short nardy (backgammon)' : 'Caucasian nardy'}: ${
      matchLength === 0 ? 'money session' : `match to ${matchLength}`
    }, ${s.cube.enabled ? `with the cube${s.cube.beaver ? ' and beavers' : ''}` : 'no cube'}. ${names.p1} against ${names.p2}. Type help for the commands.\n`,
  );
  try {
    const outcome = await runPlay({ state: match.value, names, dice, echo: !tty }, input, (text) => io.stdout.write(text));
    if (outcome.end === 'eof') {
      await write(io.stdout, '');
      await write(io.stderr, 'nardy: the input ended before the match was over\n');
      return EXIT_USAGE;
    }
    await write(io.stdout, '');
    return EXIT_OK;
  } finally {
    input.close();
  }
}
