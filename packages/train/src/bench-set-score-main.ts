/**
 * Scores the bot's levels on the long-nardy benchmark set (`bench-set-main.ts`): for each level, the mean
 * equity its chosen turn loses against the set's best candidate, overall and by phase (`scoreBench`) — the
 * "benchmark-set error, 0-ply and 2-ply, per generation" of issue 6. One JSON line per level.
 *
 *   npm run train -- bench-set-score [--set packages/train/bench-set/long.jsonl] [--levels expert,worldclass]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seededRng } from '@nardy/engine';
import { chooseTurn, isLevel, LEVEL_SETTINGS } from '@nardy/ai';
import { parseBenchSet, scoreBench } from './bench-set.js';
import { longEvaluatorLabel } from './provenance.js';
import { stringArg } from './args.js';

const set = stringArg('set', fileURLToPath(new URL('../bench-set/long.jsonl', import.meta.url)));
const levels = stringArg('levels', 'expert,worldclass').split(',').filter(isLevel);
const { records } = parseBenchSet(readFileSync(set, 'utf8'));
const evaluator = longEvaluatorLabel();
for (const level of levels) {
  const started = Date.now();
  // Noisy levels draw their noise from a fixed seed so that a score can be repeated.
  const rng = seededRng(1);
  const score = scoreBench(records, (position, dice) => chooseTurn(position, dice, { level, rng }));
  const r = (x: number): number => Math.round(x * 1e5) / 1e5;
  const byPhase = Object.fromEntries(Object.entries(score.byPhase).map(([k, v]) => [k, { positions: v.positions, meanLoss: r(v.meanLoss), best: r(v.best) }]));
  console.log(
    JSON.stringify({
      set,
      evaluator,
      level,
      plies: LEVEL_SETTINGS[level].plies,
      positions: score.positions,
      meanLoss: r(score.meanLoss),
      best: r(score.best),
      uncovered: score.uncovered,
      byPhase,
      seconds: Math.round((Date.now() - started) / 1000),
    }),
  );
}
