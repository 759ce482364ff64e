#!/usr/bin/env node
// How good the picks a candidate shard teaches are, as gnubg judges them. For each decision of the shard (the
// `--candidates` labels of distill-main; with `--disagree`, the throws where our 0-ply and 2-ply part), gnubg
// values every candidate at `--ply` (cubeless), and each of three picks is charged what it gives up against gnubg's
// best there: the labels' best (the teacher), the first candidate (the 2-ply search's pick in `--disagree` shards)
// and our nets' 0-ply pick (NARDY_WEIGHTS_DIR for other nets). `--last N` takes the shard's last N positions (a
// fit's `--holdout N` set, when the shard came last). gnubg only measures: nothing here feeds training.
// Usage: node bench/label-judge.js SHARD [--last N] [--ply 2] [--json]
import { fileURLToPath } from 'node:url';
import { makeGnubgPositionId } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { staticEvaluator } from '../packages/ai/dist/evaluator.js';
import { cubelessEquity } from '../packages/ai/dist/probabilities.js';
import { fromVec } from '../packages/ai/dist/rollout/vector.js';
import { decisionGroups, labelledPosition, pairedGain, readShards } from '../packages/train/dist/distill-data.js';
import { args, opt, runGnubg } from './gnubg-harness.js';

const shard = args[0];
if (!shard || shard.startsWith('--')) throw new Error('usage: node bench/label-judge.js SHARD [--last N] [--ply 2] [--json]');
const last = Number(opt('last', 0));
const ply = opt('ply', '2');
const data = readShards([shard]);
const groups = decisionGroups(last > 0 ? data.slice(-last) : data).filter((g) => g.length > 1 && g[0].decision !== undefined);
if (groups.length === 0) throw new Error(`${shard}: no decisions with two or more candidates (a shard of --candidates labels?)`);
const positionOf = (d) => {
  const r = labelledPosition(d);
  if (!r.ok) throw new Error(`${shard}: not a short-nardy position (${r.error.message})`);
  return r.value;
};
const positions = groups.map((g) => g.map(positionOf));
const requests = positions.flatMap((ps, i) => ps.map((p, j) => ({ id: `${i}/${j}`, pos: makeGnubgPositionId(p) })));
const judged = new Map(runGnubg(fileURLToPath(new URL('gnubg-position-equity.py', import.meta.url)), ['--ply', ply], requests).map((r) => [r.id, r.equity]));
const evaluate = staticEvaluator('short');

// Every value is for the side on roll after the turn (the opponent): the mover's pick is the lowest.
const lowest = (xs) => xs.indexOf(Math.min(...xs));
const picks = { labels: [], firstCandidate: [], nets: [] };
groups.forEach((g, i) => {
  const gnubg = g.map((_, j) => judged.get(`${i}/${j}`));
  if (gnubg.some((e) => e === undefined)) throw new Error(`gnubg did not value every candidate of decision ${i}`);
  const best = Math.min(...gnubg);
  const chosen = {
    labels: lowest(g.map((d) => cubelessEquity(fromVec(/** @type {import('../packages/ai/dist/rollout/vector.js').Vec5} */ (d.label))))),
    firstCandidate: 0,
    nets: lowest(positions[i].map((p) => cubelessEquity(evaluate(p)))),
  };
  for (const [k, j] of Object.entries(chosen)) picks[k].push(gnubg[j] - best);
});
// The mean loss with its 95 % half-width: `pairedGain` against a pick that gives up nothing.
const summary = (losses) => {
  const { gain, ci95 } = pairedGain(
    losses,
    losses.map(() => 0),
  );
  return {
    lossMp: Number((1000 * gain).toFixed(2)),
    ci95: Number((1000 * ci95).toFixed(2)),
    gnubgBestShare: Number((losses.filter((x) => x === 0).length / losses.length).toFixed(3)),
  };
};
const report = { shard, decisions: groups.length, gnubgPly: Number(ply), ...Object.fromEntries(Object.entries(picks).map(([k, v]) => [k, summary(v)])) };
if (args.includes('--json')) console.log(JSON.stringify(report));
else {
  console.log(
    `${shard}: ${report.decisions} decisions, judged by gnubg ${ply}-ply (cubeless); mp given up against gnubg's best, and how often it is gnubg's best`,
  );
  for (const k of Object.keys(picks))
    console.log(`  ${k.padEnd(15)} ${report[k].lossMp} ± ${report[k].ci95} mp, ${(100 * report[k].gnubgBestShare).toFixed(1)} %`);
}
