#!/usr/bin/env node
// Legal-turn generation speed over the legal-move fixtures (packages/engine/test/fixtures/legal), one thread.
// Usage: npm run bench:movegen [-- --json] [-- --runs N]
// Each run generates every legal turn (legalTurns: Turn objects with steps and resulting positions)
// for every fixture line of the variant, repeated until at least MIN_MS have passed; the figure is the
// median positions/second over the runs.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { legalTurns, parsePlainBoard, VARIANTS } from '../packages/engine/dist/index.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 7;
const MIN_MS = 1000;

const fixtureDir = new URL('../packages/engine/test/fixtures/legal/', import.meta.url);

function load(variant) {
  const lines = gunzipSync(readFileSync(new URL(`${variant}.jsonl.gz`, fixtureDir)))
    .toString('utf8')
    .trim()
    .split('\n');
  return lines.map((l) => {
    const p = parsePlainBoard(JSON.parse(l));
    if (!p.ok) throw new Error(p.error.message);
    return p.value;
  });
}

function run(cases) {
  let n = 0;
  let sink = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < MIN_MS) {
    for (const c of cases) sink += legalTurns(c.position, c.dice).length;
    n += cases.length;
    t = performance.now();
  }
  return { perSecond: (n / (t - t0)) * 1000, sink };
}

for (const v of VARIANTS) {
  const cases = load(v.id);
  run(cases); // warm-up
  const rates = [];
  for (let i = 0; i < RUNS; i++) rates.push(run(cases).perSecond);
  rates.sort((a, b) => a - b);
  const median = Math.round(rates[Math.floor(rates.length / 2)]);
  if (json) console.log(JSON.stringify({ variant: v.id, positionsPerSecond: median }));
  else console.log(`${v.id.padEnd(10)} ${median.toLocaleString('en')} positions/s (median of ${RUNS}, ${cases.length} fixture positions)`);
}
