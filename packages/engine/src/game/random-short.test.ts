import { describe, expect, it } from 'vitest';
import { runRandomGames } from './random-games.js';

/** How many random games per variant; `NARDY_RANDOM_GAMES` overrides the 20,000. */
const GAMES = Number(process.env['NARDY_RANDOM_GAMES'] ?? 20_000);

describe('short: random complete games through apply (property)', () => {
  it(`${GAMES} seeded random games to a scored end: checkers conserved, no shared point, pips fall by the dice, score changes only by game results`, () => {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const report = runRandomGames('short', { games: GAMES, seed: 20262 });
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    console.log(`short: ${report.games} games, ${report.matches} matches, ${report.turns} turns, ${report.actions} actions in ${seconds} s (${cpuSeconds} s CPU)`, report.tally);
    expect(report.problems).toEqual([]);
    expect(report.games).toBe(GAMES);
    if (GAMES >= 1000) {
      // The run covered the rules it claims to test.
      for (const k of ['end:bearOff', 'end:cubePass', 'cube:take', 'cube:pass', 'kind:mars', 'kind:draw', 'matchEnd:points', 'matchEnd:sessionEnded']) {
        expect(report.tally[k] ?? 0, k).toBeGreaterThan(0);
      }
    }
  }, 600_000);
});
