#!/usr/bin/env node
// Checks the bear-off tables against GNU Backgammon's own (gnubg as a referee only: nothing of its tables
// is copied). gnubg's cubeless 0-ply evaluation of a pure bear-off answers from its databases: the
// two-sided one when both sides have at most 6 checkers (class 4), otherwise its one-sided one with the
// gammon distributions (class 6). We compare, position by position, our twoSidedWin / raceProbabilities.
// Usage (after `npm run build`): node packages/train/scripts/compare-gnubg-bearoff.mjs [N per class] [seed]
// Needs gnubg (apt-get install gnubg) and ../shared/tools/gnubg (or GNUBG_TOOLS).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seededRng } from '@nardy/engine';
import '../../ai/dist/node/install.js';
import { homeNumber, positionCount, raceProbabilities, twoSidedWin } from '../../ai/dist/bearoff/index.js';
import { solveTwoSided } from '../../ai/dist/bearoff/solve.js';

const n = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? 1);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const tools = process.env.GNUBG_TOOLS ?? `${root}../shared/tools/gnubg`;
const rng = seededRng(seed);

/** A side with `count` checkers scattered over its home points (own frame, 26 slots). */
function randomSide(count) {
  const s = new Array(26).fill(0);
  // Half the time a lopsided spread (stacked high or low points), to reach the tables' corners.
  const bias = rng() < 0.5 ? 1 : rng() < 0.5 ? 0.35 : 3;
  for (let i = 0; i < count; i++) s[1 + Math.min(5, Math.floor(6 * rng() ** bias))]++;
  s[0] = 15 - count;
  return s;
}
const between = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));

const cases = [];
for (let i = 0; i < n; i++) cases.push({ kind: 'two-sided', me: randomSide(between(1, 6)), them: randomSide(between(1, 6)) });
for (let i = 0; i < n; i++) {
  // One-sided: at least one side above 6; a third of the cases with a side of 15 (gammons possible).
  const big = rng() < 1 / 3 ? 15 : between(7, 15);
  const other = between(1, 15);
  cases.push(
    rng() < 0.5 ? { kind: 'one-sided', me: randomSide(big), them: randomSide(other) } : { kind: 'one-sided', me: randomSide(other), them: randomSide(big) },
  );
}

// JSON board of the player on roll: my point p at index p − 1 (> 0), the opponent's own point q at index 24 − q (< 0).
const board = ({ me, them }) => {
  const points = new Array(24).fill(0);
  for (let p = 1; p <= 6; p++) {
    points[p - 1] += me[p];
    points[24 - p] -= them[p];
  }
  return { points, bar: { me: 0, opp: 0 } };
};
const input = cases.map((c, id) => JSON.stringify({ id, board: board(c) })).join('\n') + '\n';
const started = Date.now();
const run = spawnSync(`${tools}/gnubg-py`, [fileURLToPath(new URL('./gnubg-bearoff.py', import.meta.url))], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.status !== 0) {
  console.error(run.stderr);
  process.exit(1);
}
const answers = run.stdout
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));

const fields = ['win', 'winMars', 'winKoks', 'loseMars', 'loseKoks'];
const stats = {};
for (const a of answers) {
  const c = cases[a.id];
  const s = (stats[c.kind] ??= { n: 0, classes: {}, max: Object.fromEntries(fields.map((f) => [f, 0])), worst: undefined, sum: 0 });
  s.n++;
  s.classes[a.class] = (s.classes[a.class] ?? 0) + 1;
  const ours = raceProbabilities(c.me, c.them);
  if (c.kind === 'two-sided' && Math.abs(twoSidedWin(c.me, c.them) - ours.win) > 0) throw new Error('raceProbabilities ignored the two-sided table');
  fields.forEach((f, i) => {
    const d = Math.abs(ours[f] - a.probs[i]);
    s.sum += i === 0 ? d : 0;
    if (d > s.max[f]) s.max[f] = d;
    if (i === 0 && d >= (s.worst?.d ?? 0)) s.worst = { d, me: c.me.slice(0, 7), them: c.them.slice(0, 7), ours: ours.win, gnubg: a.probs[0] };
  });
}
// gnubg's two-sided values against our exact (unrounded) ones, signed: is any gnubg value above the optimum?
const exact = solveTwoSided(6);
const size = positionCount(6);
let [below, above] = [0, 0];
for (const a of answers) {
  const c = cases[a.id];
  if (c.kind !== 'two-sided') continue;
  const d = a.probs[0] - exact[homeNumber(c.me) * size + homeNumber(c.them)];
  [below, above] = [Math.min(below, d), Math.max(above, d)];
}
for (const [kind, s] of Object.entries(stats)) {
  console.log(`${kind}: ${s.n} positions, gnubg classes ${JSON.stringify(s.classes)}`);
  console.log(`  max |ours − gnubg|: ${fields.map((f) => `${f} ${s.max[f].toExponential(2)}`).join(', ')}; mean |Δwin| ${(s.sum / s.n).toExponential(2)}`);
  console.log(`  worst win: ${JSON.stringify(s.worst)}`);
}
console.log(`two-sided, gnubg − our exact value: from ${below.toExponential(2)} to ${above.toExponential(2)} (1/65535 = 1.53e-5)`);
console.log(`gnubg time ${((Date.now() - started) / 1000).toFixed(1)} s`);
