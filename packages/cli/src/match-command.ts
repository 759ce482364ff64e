import { VARIANT_IDS } from '@nardy/engine';
import { choice, integer, parse } from './args.js';
import { EXIT_OK, EXIT_USAGE, UsageError, write, type Io } from './io.js';
import { BotProtocolError, BUILT_IN_BOTS, builtInBot, ProcessBot, type MatchBot } from './match-bots.js';
import { runMatch } from './match-runner.js';
import { ProgressBar } from './progress.js';
import { RULE_OPTION_HELP, RULE_OPTION_SPEC, ruleOptionsFrom } from './rule-options.js';

export const MATCH_HELP = `Usage: nardy match --a "<bot>" --b "<bot>" [--variant ${VARIANT_IDS.join('|')}] [--games N] [--mirrored]
                   [--seed S] [--timeout SECONDS] [--json]

Two bots play --games money games (default 100) without the cube, by the engine's rules, with seeded dice
(--seed, default 1), and the points per game of --a are printed with a 95% interval (1.96 standard errors).
A <bot> is "random" (a uniformly random legal turn), "heuristic" (the documented heuristic evaluator at
0-ply: the fixed yardstick), or a level of our bot ("beginner" … "expert", "worldclass", "grandmaster"),
all run in this process, or any command line, run by sh, speaking the bot protocol (nardy bot
--help): e.g. "nardy bot --stdio --variant long --level worldclass". Its move requests carry the plain
"board" (with dice and firstTurn), "plays" (every legal turn: move, result key and, in short nardy and
Caucasian, "after") and, in short nardy and Caucasian, "pos"; it answers with play, result, after or move.
A bot that answers late (--timeout, default 60 s), wrongly or not at all stops the run with exit code 2.

The bots alternate seats; with --mirrored the games go in pairs that throw the same dice with the bots'
seats (and colours) swapped, and the interval is computed over the pairs. --games must then be even.

--json: one line {"games", "pointsPerGame", "ci95", "wins", "winShare", "winShareCi95", "variant",
"seed", "mirrored", "a", "b"}. A progress bar is drawn on stderr when it is a terminal.

${RULE_OPTION_HELP}`;

export async function matchCommand(args: readonly string[], io: Io): Promise<number> {
  const { values } = parse(
    args,
    {
      ...RULE_OPTION_SPEC,
      a: { type: 'string' },
      b: { type: 'string' },
      variant: { type: 'string' },
      games: { type: 'string' },
      mirrored: { type: 'boolean' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean' },
    },
    0,
  );
  const names = [values['a'], values['b']];
  if (typeof names[0] !== 'string' || typeof names[1] !== 'string') throw new UsageError('match needs two bots: --a "<bot>" --b "<bot>"');
  const variant = choice(values, 'variant', VARIANT_IDS) ?? 'short';
  const games = integer(values, 'games', 1, 10_000_000) ?? 100;
  const mirrored = values['mirrored'] === true;
  if (mirrored && games % 2 !== 0) throw new UsageError('--mirrored plays pairs of games: --games must be even');
  const seed = integer(values, 'seed', 0, 2 ** 32 - 1) ?? 1;
  const timeoutMs = (integer(values, 'timeout', 1, 86_400) ?? 60) * 1000;
  const rules = ruleOptionsFrom(values);
  const bots: MatchBot[] = names.map((name, i) =>
    (BUILT_IN_BOTS as readonly string[]).includes(name as string)
      ? builtInBot(name as (typeof BUILT_IN_BOTS)[number], rules, seed * 2 + i)
      : new ProcessBot(name as string, name as string, timeoutMs),
  );
  const [a, b] = bots as [MatchBot, MatchBot];
  const bar = new ProgressBar(io.stderr);
  try {
    const r = await runMatch(a, b, {
      variant,
      rules,
      games,
      mirrored,
      seed,
      onGame: (done, total) => bar.update(done, total),
    });
    bar.done();
    if (values['json']) {
      const { points: _points, ...summary } = r;
      await write(io.stdout, `${JSON.stringify({ ...summary, variant, seed, mirrored, a: a.name, b: b.name })}\n`);
    } else {
      const sign = r.pointsPerGame >= 0 ? '+' : '-';
      await write(
        io.stdout,
        `${a.name} vs ${b.name}: ${variant} nardy, ${r.games} games${mirrored ? ` (${r.games / 2} mirrored pairs)` : ''}, seed ${seed}\n` +
          `points per game for ${a.name}: ${sign}${Math.abs(r.pointsPerGame).toFixed(3)} ± ${r.ci95.toFixed(3)} (95%)\n` +
          `${a.name} won ${r.wins} of ${r.games} games (${(100 * r.winShare).toFixed(1)}% ± ${(100 * r.winShareCi95).toFixed(1)})\n`,
      );
    }
    return EXIT_OK;
  } catch (e) {
    bar.done();
    if (!(e instanceof BotProtocolError)) throw e;
    await write(io.stderr, `nardy: ${e.message}\n`);
    return EXIT_USAGE;
  } finally {
    await Promise.all(bots.map((bot) => bot.close()));
  }
}
