#!/usr/bin/env node
// How much of a rollout label of a decision's candidates is noise. A pick depends on how the candidates of one
// throw differ, so the measure is the difference of each candidate's cubeless equity from the first one's. The
// first `--decisions` decisions of a candidate shard (`distill-main --candidates K --out …`) are rolled out twice,
// with two independent seeds (within a run every candidate gets the same dice, as `distill-main` does), at the
// given `--trials` and `--truncate` (0: to the end): the spread of the two runs' differences is the noise of one
// run, against the spread of the differences themselves (signal and noise). Our own rollouts; gnubg plays no part.
// Also, over every decision of the shard, how often its first candidate (with `--disagree`, the deeper search's
// pick) is the labels' best, and the equity it gives up against their best; `--decisions 0` reports only that.
// Usage: node bench/label-noise.js SHARD [--decisions 25] [--trials 36] [--truncate 0] [--json]
import '../packages/ai/dist/node/install.js';
import { rollout } from '../packages/ai/dist/rollout/index.js';
import { cubelessEquity } from '../packages/ai/dist/probabilities.js';
import { fromVec } from '../packages/ai/dist/rollout/vector.js';
import { decisionGroups, labelledPosition, readShards } from '../packages/train/dist/distill-data.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} wants a whole number, not ${args[i + 1]}`);
  return v;
};
const shard = args[0];
if (!shard || shard.startsWith('--')) throw new Error('usage: node bench/label-noise.js SHARD [--decisions 25] [--trials 36] [--truncate 0] [--json]');
const decisions = opt('decisions', 25);
const trials = opt('trials', 36);
const truncate = opt('truncate', 0);

const all = decisionGroups(readShards([shard])).filter((g) => g.length > 1 && g[0].decision !== undefined);
const groups = all.slice(0, decisions);
if (all.length === 0) throw new Error(`${shard}: no decisions with two or more candidates (a shard of --candidates labels?)`);
const positionOf = (d) => {
  const r = labelledPosition(d);
  if (!r.ok) throw new Error(`${shard}: not a short-nardy position (${r.error.message})`);
  return r.value;
};
const started = Date.now();
/** @type {number[][]} */
const runs = [[], []];
for (const group of groups) {
  for (const run of [0, 1]) {
    const equities = [];
    for (const d of group) {
      const r = await rollout(positionOf(d), {
        trials,
        seed: 1_000_003 * (run + 1) + /** @type {number} */ (group[0].decision),
        luck: true,
        ...(truncate > 0 ? { truncate } : {}),
      });
      equities.push(cubelessEquity(r.probabilities));
    }
    for (let i = 1; i < equities.length; i++) runs[run].push(equities[i] - equities[0]);
  }
}
const sd = (xs) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
// The labels are from the view of the side on roll after the turn (the opponent): the mover's best is the lowest.
const losses = all.map((g) => {
  const equities = g.map((d) => cubelessEquity(fromVec(/** @type {import('../packages/ai/dist/rollout/vector.js').Vec5} */ (d.label))));
  return equities[0] - Math.min(...equities);
});
const firstCandidate = {
  decisions: all.length,
  bestShare: Number((losses.filter((l) => l === 0).length / all.length).toFixed(3)),
  lossMp: Number(((1000 * losses.reduce((s, l) => s + l, 0)) / all.length).toFixed(2)),
};
const between = runs[0].map((x, i) => x - runs[1][i]);
const noise = groups.length > 0 && {
  decisions: groups.length,
  differences: between.length,
  trials,
  truncate,
  spreadOfDifferences: Number(sd(runs[0]).toFixed(4)),
  noisePerRun: Number((sd(between) / Math.SQRT2).toFixed(4)),
  secondsPerDecision: Number(((Date.now() - started) / 1000 / (2 * groups.length)).toFixed(2)),
};
if (args.includes('--json')) console.log(JSON.stringify({ shard, firstCandidate, ...(noise ? { noise } : {}) }));
else {
  console.log(
    `${shard}: the first candidate is the labels' best in ${firstCandidate.bestShare * 100} % of ${all.length} decisions, giving up ${firstCandidate.lossMp} mp a decision`,
  );
  if (noise) {
    console.log(
      `${noise.decisions} decisions (${noise.differences} candidate differences) rolled out twice, ${trials} trials${truncate ? `, truncated at ${truncate}` : ', to the end'}:`,
    );
    console.log(
      `  spread of the differences ${noise.spreadOfDifferences}, noise of one run ${noise.noisePerRun} (equity), ${noise.secondsPerDecision} s a decision`,
    );
  }
}
