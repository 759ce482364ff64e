#!/usr/bin/env node
// Static evaluations per second of the short-nardy evaluator (features + net), one thread.
// Usage: npm run bench:eval [-- --json] [-- --runs N] [-- --positions N] [-- --gnubg]
// Positions: random legal play from the start, seeded (seededRng(2026) via @nardy/engine), every position
// before the game ends, games chained until there are --positions (default 4000): the same set every run.
// Each run evaluates the whole set (NetEvaluator.evaluate: the class, the inputs, the net, the sanity step)
// until at least MIN_MS have passed; after a warm-up run the figure is the median of --runs (default 7).
// The WebAssembly SIMD figure comes from this process, the TypeScript fallback's from a child process with
// NARDY_WASM=0. Also measured, outside the timing: the largest output difference between the two paths
// over the set, and how often they choose a different best turn at 0-ply for one seeded throw per position
// (and what that costs by the TypeScript path's equities: ties at f32 precision are no real difference).
// --gnubg then runs gnubg's calibrate (../shared/tools/gnubg/calibrate.sh, 1 thread) and gives the ratio.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { legalTurns, passTurn, seededRng, startPosition, winnerOf } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { loadFamily } from '../packages/ai/dist/net/committed-nets.js';
import { NetEvaluator } from '../packages/ai/dist/net/net-evaluator.js';
import { SHORT_FAMILY } from '../packages/ai/dist/net/short-evaluator.js';
import { cubelessEquity, invert } from '../packages/ai/dist/probabilities.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const json = args.includes('--json');
const child = args.includes('--child');
const RUNS = opt('runs', 7);
const COUNT = opt('positions', 4000);
const MIN_MS = 1000;

const rng = seededRng(2026);
const die = () => 1 + Math.floor(rng() * 6);
const cases = [];
let position = startPosition('short', 'white');
while (cases.length < COUNT) {
  const dice = /** @type {import('../packages/engine/dist/index.js').Dice} */ ([die(), die()]);
  const turns = legalTurns(position, dice);
  position = turns.length > 0 ? turns[Math.floor(rng() * turns.length)].after : passTurn(position).after;
  if (winnerOf(position)) position = startPosition('short', rng() < 0.5 ? 'white' : 'black');
  else cases.push({ position, dice: /** @type {import('../packages/engine/dist/index.js').Dice} */ ([die(), die()]) });
}
const positions = cases.map((c) => c.position);

function run(evaluator) {
  let n = 0;
  let sink = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < MIN_MS) {
    for (const p of positions) sink += evaluator.evaluate(p).win;
    n += positions.length;
    t = performance.now();
  }
  return { perSecond: (n / (t - t0)) * 1000, sink };
}

function measure(evaluator) {
  run(evaluator); // warm-up
  const rates = [];
  for (let i = 0; i < RUNS; i++) rates.push(run(evaluator).perSecond);
  rates.sort((a, b) => a - b);
  return Math.round(rates[Math.floor(rates.length / 2)]);
}

const nets = loadFamily(SHORT_FAMILY);
const evaluator = new NetEvaluator(SHORT_FAMILY, nets);
const accelerated = Object.values(nets).every((n) => n.accelerated);
const evalsPerSecond = measure(evaluator);
if (child) {
  console.log(JSON.stringify({ evalsPerSecond, accelerated }));
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const ts = JSON.parse(
  execFileSync(process.execPath, [self, '--child', '--runs', String(RUNS), '--positions', String(COUNT)], {
    env: { ...process.env, NARDY_WASM: '0' },
    encoding: 'utf8',
  }),
);
if (ts.accelerated) throw new Error('NARDY_WASM=0 did not turn the WebAssembly path off');

// The two paths side by side: the TypeScript one on clones (a clone is never accelerated).
const plain = new NetEvaluator(SHORT_FAMILY, /** @type {typeof nets} */ (Object.fromEntries(Object.entries(nets).map(([c, n]) => [c, n.clone()]))));
const keys = ['win', 'winMars', 'winKoks', 'loseMars', 'loseKoks'];
let maxAbsDiff = 0;
for (const p of positions) {
  const a = evaluator.evaluate(p);
  const b = plain.evaluate(p);
  for (const k of keys) maxAbsDiff = Math.max(maxAbsDiff, Math.abs(a[k] - b[k]));
}
// Each candidate's equity after the turn, by each path; a different choice costs the TypeScript path's equity gap.
const equities = (e, turns) => turns.map((t) => cubelessEquity(invert(e.evaluate(t.after))));
const argmax = (xs) => xs.indexOf(Math.max(...xs));
let choices = 0;
let differentChoices = 0;
let maxEquityLost = 0;
let costlyChoices = 0; // different choices that lose more than 1e-6 equity: not ties
for (const c of cases) {
  const turns = legalTurns(c.position, c.dice);
  if (turns.length < 2) continue;
  choices++;
  const fast = argmax(equities(evaluator, turns));
  const slow = equities(plain, turns);
  if (fast !== argmax(slow)) {
    differentChoices++;
    const lost = Math.max(...slow) - slow[fast];
    maxEquityLost = Math.max(maxEquityLost, lost);
    if (lost > 1e-6) costlyChoices++;
  }
}

const result = {
  variant: 'short',
  // What the evaluator does here by default: WebAssembly SIMD where available, else the TypeScript pass.
  evalsPerSecond,
  tsEvalsPerSecond: ts.evalsPerSecond,
  wasm: accelerated,
  positions: positions.length,
  runs: RUNS,
  maxAbsDiff: Number(maxAbsDiff.toExponential(2)),
  zeroPlyChoices: choices,
  differentChoices,
  maxEquityLost: Number(maxEquityLost.toExponential(2)),
  differentChoicesOver1e6: costlyChoices,
  loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
};
if (args.includes('--gnubg')) {
  const script = fileURLToPath(new URL('../../shared/tools/gnubg/calibrate.sh', import.meta.url));
  if (!existsSync(script)) throw new Error(`gnubg's calibrate not found at ${script}`);
  const line = execFileSync('bash', [script, '1000', '1'], { encoding: 'utf8' }).trim().split('\n').pop();
  result.gnubgEvalsPerSecond = JSON.parse(/** @type {string} */ (line)).evals_per_second;
  result.ratio = Number((result.evalsPerSecond / result.gnubgEvalsPerSecond).toFixed(2));
  result.loadAverageAfter = loadavg().map((x) => Number(x.toFixed(2)));
}

if (json) console.log(JSON.stringify(result));
else {
  const f = (n) => n.toLocaleString('en');
  console.log(`short nardy, ${result.positions} positions, median of ${RUNS} runs, 1 thread`);
  console.log(`  WebAssembly SIMD  ${accelerated ? `${f(evalsPerSecond)} evals/s` : 'unavailable here'}`);
  console.log(`  TypeScript        ${f(ts.evalsPerSecond)} evals/s`);
  console.log(
    `  max |Δ| of outputs ${result.maxAbsDiff}; 0-ply best turn differs in ${differentChoices} of ${choices} choices (equity lost at most ${result.maxEquityLost}; ${costlyChoices} lose more than 1e-6)`,
  );
  if (result.gnubgEvalsPerSecond) console.log(`  gnubg calibrate   ${f(result.gnubgEvalsPerSecond)} evals/s  → ratio ${result.ratio}`);
  console.log(`  load average ${result.loadAverage.join(' ')}`);
}
