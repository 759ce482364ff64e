#!/usr/bin/env node
// Our chequer-play error as gnubg judges it, on positions from gnubg's own self-play (a fast proxy for the
// issue's `play.py --analyse` figure, used to follow training). gnubg only measures: it scores the turn our
// bot chose against its best at --ply (evaluate.py, cubeful money equity, centred cube).
// Usage: node bench/gnubg-error.js [--n 300] [--seed 11] [--level expert] [--ply 2] [--json] [--dump: decisions losing > 30 mp on stderr]
// Needs gnubg (apt-get install gnubg) and ../shared/tools/gnubg.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeGnubgPositionId, parseGnubgPositionId } from '../packages/engine/dist/index.js';
import { rankTurns } from '../packages/ai/dist/choose.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const n = Number(opt('n', 300));
const seed = Number(opt('seed', 11));
const level = opt('level', 'expert');
const ply = Number(opt('ply', 2));
const gnubgDir = fileURLToPath(new URL('../../shared/tools/gnubg/', import.meta.url));
const run = (script, scriptArgs, input) =>
  execFileSync('./gnubg-py', [script, ...scriptArgs], { cwd: gnubgDir, input, maxBuffer: 1 << 28 }).toString().trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));

const positions = run('gen_positions.py', ['--n', String(n), '--mix', '1,0,0', '--seed', String(seed)]);
const requests = [];
let ms = 0;
for (const p of positions) {
  const pos = parseGnubgPositionId(p.pos, 'short', 'white');
  if (!pos.ok) throw new Error(pos.error.message);
  const t = performance.now();
  const ranked = rankTurns(pos.value, p.dice, { level });
  ms += performance.now() - t;
  if (ranked.length < 2) continue; // forced or no move: not a decision
  // gnubg's "after": the result with the mover still on roll (same orientation as the input).
  const after = { ...ranked[0].turn.after, turn: pos.value.turn };
  requests.push(JSON.stringify({ id: p.id, pos: p.pos, dice: p.dice, play: { after: makeGnubgPositionId(after) } }));
}
const evals = run('evaluate.py', ['--ply', String(ply), '--top', '1'], requests.join('\n') + '\n');
if (args.includes('--dump')) for (const e of evals) if (e.chosen && e.chosen.loss_mp > 30) console.error(JSON.stringify({ pos: e.pos, dice: e.dice, loss: e.chosen.loss_mp, chosen: e.chosen.move, best: e.plays?.[0]?.move }));
const losses = evals.filter((e) => e.chosen && typeof e.chosen.loss_mp === 'number').map((e) => e.chosen.loss_mp);
const errors = evals.filter((e) => !e.chosen || e.chosen.error);
const mean = losses.reduce((a, b) => a + b, 0) / losses.length;
const result = {
  level,
  gnubgPly: ply,
  decisions: losses.length,
  meanLossMp: Number(mean.toFixed(1)),
  blunders: losses.filter((l) => l > 80).length,
  illegal: errors.length,
  msPerDecision: Number((ms / positions.length).toFixed(1)),
};
console.log(args.includes('--json') ? JSON.stringify(result) : `${level}: ${result.meanLossMp} mp lost per decision (gnubg ${ply}-ply judge, ${result.decisions} non-forced decisions, ${result.blunders} over 80 mp, ${result.illegal} not legal)`);
