#!/usr/bin/env node
// Decision time of the bot at a level (default worldclass = 2-ply), one thread.
// Usage: npm run bench:decision [-- --variant short|long|caucasian] [-- --level worldclass] [-- --positions 500] [-- --json]
// Positions: from games the bot plays against itself at `expert` (0-ply), every 4th position with a throw of
// its own that leaves more than one legal turn; the same set every run (seed 2026). Each decision starts with an empty evaluation cache, so the figure is
// the cost of a fresh decision (a game in progress would reuse more of the cache). Reports the median, p90
// and max milliseconds per decision and the mean number of candidates.
import { legalTurns, seededRng, startPosition, winnerOf } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { chooseTurn, rankTurns, resetSearchCache } from '../packages/ai/dist/choose.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const variant = opt('variant', 'short');
const level = opt('level', 'worldclass');
const count = Number(opt('positions', 500));
const json = args.includes('--json');

const rng = seededRng(2026);
const throwDice = () => /** @type {import('../packages/engine/dist/index.js').Dice} */ ([1 + Math.floor(rng() * 6), 1 + Math.floor(rng() * 6)]);
const cases = [];
let position = startPosition(variant);
for (let ply = 0; cases.length < count; ply++) {
  if (winnerOf(position)) position = startPosition(variant);
  const dice = throwDice();
  if (ply % 4 === 0 && legalTurns(position, dice).length > 1) cases.push({ position, dice });
  position = chooseTurn(position, throwDice(), { level: 'expert' }).after;
}
// Warm-up (JIT, net loading) on other positions.
for (let i = 0; i < 5; i++) rankTurns(cases[i].position, cases[i].dice, { level: 'expert' });

const times = [];
let candidates = 0;
for (const c of cases) {
  resetSearchCache();
  const t = performance.now();
  const ranked = rankTurns(c.position, c.dice, { level });
  times.push(performance.now() - t);
  candidates += ranked.length;
}
times.sort((a, b) => a - b);
const q = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
const result = {
  variant,
  level,
  positions: count,
  medianMs: Number(q(0.5).toFixed(2)),
  p90Ms: Number(q(0.9).toFixed(2)),
  maxMs: Number(times[times.length - 1].toFixed(1)),
  meanCandidates: Number((candidates / count).toFixed(1)),
};
if (json) console.log(JSON.stringify(result));
else
  console.log(
    `${variant} ${level}: median ${result.medianMs} ms, p90 ${result.p90Ms} ms, max ${result.maxMs} ms over ${count} decisions (${result.meanCandidates} candidates on average)`,
  );
