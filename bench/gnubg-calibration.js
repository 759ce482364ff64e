#!/usr/bin/env node
// How far our static values are from gnubg's, by our position classes: for each position (`--positions F`, JSON
// lines with "pos" and "dice"; or `--source self --n N --seed S`), the result of our 0-ply pick is valued by our
// evaluator and by gnubg at `--ply` (default 0), both for the side on roll after the turn. Per class: the mean
// difference (ours − gnubg) of each of the five numbers and of the cubeless equity, and their root mean squares.
// Neither side is the truth; a class where the two part widely is where to look. gnubg only measures: nothing here
// feeds training.
// Usage: node bench/gnubg-calibration.js (--positions F | --source self --n 4000 --seed 1) [--ply 0] [--json]
import { fileURLToPath } from 'node:url';
import { makeGnubgPositionId, opposite, winnerOf } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { chooseTurn } from '../packages/ai/dist/choose.js';
import { staticEvaluator } from '../packages/ai/dist/evaluator.js';
import { shortClassOf } from '../packages/ai/dist/net/short-evaluator.js';
import { cubelessEquity } from '../packages/ai/dist/probabilities.js';
import { fromVec, toVec } from '../packages/ai/dist/rollout/vector.js';
import { args, opt, parsePosition, runGnubg, throwPositions } from './gnubg-harness.js';

const ply = opt('ply', '0');
const items = throwPositions(Number(opt('n', 4000)), Number(opt('seed', 1)));
const evaluate = staticEvaluator('short');
// The five numbers in the order of `toVec` and of gnubg's "probs".
const NAMES = ['win', 'winMars', 'winKoks', 'loseMars', 'loseKoks'];
const equity = (p) => cubelessEquity(fromVec(p));

const ours = [];
for (const item of items) {
  const after = chooseTurn(parsePosition(item), item.dice, { level: 'expert' }).after;
  if (winnerOf(after)) continue; // nothing to value
  ours.push({
    id: String(ours.length),
    pos: makeGnubgPositionId(after),
    cls: shortClassOf(after.board[after.turn], after.board[opposite(after.turn)]),
    probs: [...toVec(evaluate(after))],
  });
}
const judged = new Map(
  runGnubg(
    fileURLToPath(new URL('gnubg-position-equity.py', import.meta.url)),
    ['--ply', ply],
    ours.map(({ id, pos }) => ({ id, pos })),
  ).map((r) => [r.id, r.probs]),
);

const tally = {};
for (const o of ours) {
  const g = judged.get(o.id);
  if (!g) throw new Error(`gnubg did not value ${o.pos}`);
  const gaps = [...o.probs.map((x, k) => x - g[k]), equity(o.probs) - equity(g)];
  for (const key of [o.cls, 'all']) {
    const t = (tally[key] ??= { positions: 0, sum: gaps.map(() => 0), squares: gaps.map(() => 0) });
    t.positions++;
    gaps.forEach((d, k) => {
      t.sum[k] += d;
      t.squares[k] += d * d;
    });
  }
}
const round = (x) => Number(x.toFixed(4));
const report = Object.fromEntries(
  Object.entries(tally).map(([cls, t]) => [
    cls,
    {
      positions: t.positions,
      bias: Object.fromEntries([...NAMES, 'equity'].map((k, i) => [k, round(t.sum[i] / t.positions)])),
      rms: Object.fromEntries([...NAMES, 'equity'].map((k, i) => [k, round(Math.sqrt(t.squares[i] / t.positions))])),
    },
  ]),
);
if (args.includes('--json')) console.log(JSON.stringify({ gnubgPly: Number(ply), ...report }));
else
  for (const [cls, r] of Object.entries(report))
    console.log(`${cls.padEnd(8)} ${String(r.positions).padStart(6)} positions  equity: bias ${r.bias.equity}, rms ${r.rms.equity}  ${JSON.stringify(r.bias)}`);
