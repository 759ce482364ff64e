import { describe, expect, it } from 'vitest';
import { runRandomGames } from '../testing/random-games.js';
import type { VariantId } from '../types.js';

/**
 * How many random games per variant: 4,000 in `npm test` (it must stay quick on two cores); `.ci/run`'s slow suite
 * sets `NARDY_RANDOM_GAMES=20000`, the count the property was specified with.
 */
const GAMES = Number(process.env['NARDY_RANDOM_GAMES'] ?? 4_000);

/**
 * The random-games property for one variant (each variant's file calls this, so vitest runs them in
 * parallel): seeded random complete matches through `apply`, with random legal turns and cube actions.
 */
export function randomGamesSuite(variant: VariantId, seed: number): void {
  describe(`${variant}: random complete games through apply (property)`, () => {
    it(`${GAMES} seeded random games to a scored end: checkers conserved, no shared point, pips fall by the dice, score changes only by game results`, () => {
      const t0 = performance.now();
      const report = runRandomGames(variant, { games: GAMES, seed });
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      console.log(
        `${variant}: ${report.games} games, ${report.matches} matches, ${report.turns} turns, ${report.actions} actions in ${seconds} s`,
        report.tally,
      );
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
}
