import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_OPTIONS } from '@nardy/engine';
import { builtInBot } from './match-bots.js';
import { runMatch } from './match-runner.js';
import { runCli } from './test-io.js';

// The process-bot tests start `node packages/cli/dist/main.js bot --stdio`: build first (`npm test` does).
const OWN_BOT = 'node packages/cli/dist/main.js bot --stdio --level expert';

describe('nardy match', () => {
  it('heuristic beats random over 100 mirrored short-nardy games (--json)', async () => {
    const r = await runCli(['match', '--a', 'heuristic', '--b', 'random', '--games', '100', '--mirrored', '--json']);
    expect(r.code).toBe(0);
    const m = JSON.parse(r.stdout) as { games: number; pointsPerGame: number; ci95: number; winShare: number; a: string };
    expect(m.games).toBe(100);
    expect(m.a).toBe('heuristic');
    expect(m.pointsPerGame - m.ci95).toBeGreaterThan(0);
    expect(m.winShare).toBeGreaterThan(0.8);
  }, 120_000);

  it('mirrored pairs throw the same dice: two copies of a deterministic bot score exactly opposite in each pair', async () => {
    const rules = DEFAULT_RULE_OPTIONS;
    for (const variant of ['long', 'short', 'caucasian'] as const) {
      // expert has no noise: with the same dice the second game repeats the first with the bots' seats swapped.
      const r = await runMatch(builtInBot('heuristic', rules, 1), builtInBot('heuristic', rules, 2), { variant, rules, games: 4, mirrored: true, seed: 4 });
      expect(r.points[1]).toBe(-r.points[0]!);
      expect(r.points[3]).toBe(-r.points[2]!);
      expect(r.pointsPerGame).toBe(0);
      expect(r.ci95).toBe(0);
    }
  }, 60_000);

  it('is reproducible for a seed, and the seed changes the games', async () => {
    const rules = DEFAULT_RULE_OPTIONS;
    const run = (seed: number) =>
      runMatch(builtInBot('random', rules, 1), builtInBot('random', rules, 2), { variant: 'long', rules, games: 8, mirrored: false, seed });
    const one = await run(7);
    expect((await run(7)).points).toEqual(one.points);
    expect((await run(8)).points).not.toEqual(one.points);
  }, 60_000);

  it('plays bots in other processes over the protocol (long nardy: plain boards and result keys)', async () => {
    const r = await runCli(['match', '--variant', 'long', '--a', `${OWN_BOT} --variant long`, '--b', 'random', '--games', '4', '--mirrored']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^points per game for node .*: [+-]\d+\.\d{3} ± \d+\.\d{3} \(95%\)$/m);
    expect(r.stdout).toMatch(/4 games \(2 mirrored pairs\)/);
  }, 60_000);

  it('stops with exit code 2 when a bot answers with an illegal turn or not at all', async () => {
    const illegal = await runCli(['match', '--a', `sh -c 'while read l; do echo "{\\"play\\": 999}"; done'`, '--b', 'random', '--games', '2']);
    expect(illegal.code).toBe(2);
    expect(illegal.stderr).toMatch(/illegal answer/);
    const silent = await runCli(['match', '--a', 'true', '--b', 'random', '--games', '2']);
    expect(silent.code).toBe(2);
    expect(silent.stderr).toMatch(/closed its output|no answer/);
  }, 60_000);

  it.each([
    [['match', '--a', 'random'], /needs two bots/],
    [['match', '--a', 'random', '--b', 'random', '--games', '3', '--mirrored'], /--games must be even/],
    [['match', '--a', 'random', '--b', 'random', '--variant', 'chess'], /--variant must be one of/],
  ])('%j → usage error', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
