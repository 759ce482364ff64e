#!/usr/bin/env node
// Our match analysis (`nardy analyse --ply 2 --threads 1`) against gnubg's `analyse match` at 2-ply on the same
// .mat files, in the same run: CPU time on one core, each player's error rates, unforced decisions and luck, and of
// the decisions gnubg marks very bad, how many we mark at least bad. The matches: gnubg plays itself at 0-ply with
// deterministic noise (`--noise`, seeds `--seed`, `--seed`+1, …), so that both players err; gnubg only measures.
// Then one long-nardy game of our bot (intermediate: 0-ply, noise 0.04; seeded) analysed at 2-ply on one core.
// Usage: node bench/gnubg-analyse.js [--matches 3] [--length 7] [--seed 1] [--noise 0.03] [--ply 2] [--dir DIR] [--no-long] [--json]
// Needs `node scripts/build.mjs` first, and gnubg with the referee harness in ../shared/tools/gnubg (GNUBG_TOOLS).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apply, newMatch, seatToPlay, seededRng } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { chooseTurn } from '../packages/ai/dist/choose.js';
import { args, opt, runGnubg } from './gnubg-harness.js';

const matches = Number(opt('matches', 3));
const length = Number(opt('length', 7));
const seed = Number(opt('seed', 1));
const noise = opt('noise', '0.03');
const ply = opt('ply', '2');
const dir = resolve(opt('dir', join(tmpdir(), 'nardy-gnubg-analyse')));
const json = args.includes('--json');
const helper = fileURLToPath(new URL('gnubg-analyse.py', import.meta.url));
const nardy = fileURLToPath(new URL('../packages/cli/bin/nardy.js', import.meta.url));
mkdirSync(dir, { recursive: true });

/** `nardy analyse FILE --ply N --json --threads 1`, with its CPU seconds (user + system, from /usr/bin/time). */
function ours(file) {
  const timing = join(dir, 'time.txt');
  const out = execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', timing, process.execPath, nardy, 'analyse', file, '--ply', ply, '--json', '--threads', '1'], {
    maxBuffer: 1 << 28,
  });
  const [user, sys] = (readFileSync(timing, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return { cpu: user + sys, analysis: JSON.parse(out.toString()) };
}

/** Within 25 % of gnubg's figure, or 1.5 mEMG of it (the bar). */
const agrees = (a, b) => Math.abs(a - b) <= Math.max(1.5, 0.25 * Math.abs(b));

/**
 * Our decision for each of gnubg's very bad ones, matched by game, player and position in that player's sequence of
 * turns (a no-double: our cube decision at that turn), doubles or answers.
 */
function ourMark(decisions, vb) {
  const mine = decisions.filter((d) => d.game === vb.game && d.player === vb.player);
  const moves = mine.filter((d) => d.kind === 'move');
  if (vb.kind === 'move') return moves[vb.seq - 1];
  if (vb.kind === 'nodouble') {
    const turn = moves[vb.seq - 1];
    return turn && mine.find((d) => d.kind === 'double' && d.move === turn.move);
  }
  if (vb.kind === 'double') return mine.filter((d) => d.kind === 'double' && d.played === 'double')[vb.seq - 1];
  return mine.filter((d) => d.kind === 'take')[vb.seq - 1];
}

/**
 * The unforced turns both judged, paired: the mean error (mEMG) each gives them, and ours on the turns gnubg finds
 * best (error 0): what our judge adds where gnubg sees no error.
 */
function chequerPairs(decisions, gnubgMoves) {
  const pairs = gnubgMoves.flatMap((m) => {
    const d = decisions.filter((x) => x.game === m.game && x.player === m.player && x.kind === 'move')[m.seq - 1];
    return d ? [{ ours: d.error, gnubg: m.error }] : [];
  });
  const mean = (xs) => (1000 * xs.reduce((s, x) => s + x, 0)) / Math.max(1, xs.length);
  const best = pairs.filter((p) => p.gnubg === 0);
  return {
    pairs: pairs.length,
    ours: mean(pairs.map((p) => p.ours)),
    gnubg: mean(pairs.map((p) => p.gnubg)),
    gnubgBest: { n: best.length, ours: mean(best.map((p) => p.ours)) },
  };
}

const rows = [];
for (let i = 0; i < matches; i++) {
  const file = join(dir, `match-${seed + i}.mat`);
  runGnubg(helper, ['--play', String(length), '--seed', String(seed + i), '--noise', noise, '--out', file]);
  const [g] = runGnubg(helper, ['--analyse', file, '--ply', ply]);
  const o = ours(file);
  const players = o.analysis.players.map((p) => {
    const r = g.players[p.name];
    if (!r) throw new Error(`${file}: gnubg has no player ${p.name}`);
    return {
      name: p.name,
      unforced: { ours: p.unforcedMoves, gnubg: r.unforced },
      cube: { ours: p.unforcedCube, gnubg: r.closeCube },
      chequerRate: { ours: p.chequerErrorRate, gnubg: r.chequerRate },
      cubeRate: { ours: p.cubeErrorRate, gnubg: r.cubeRate },
      errorRate: { ours: p.errorRate, gnubg: r.errorRate, agrees: agrees(p.errorRate, r.errorRate) },
      errorRateMwc: { ours: p.errorRateMwc, gnubg: r.errorRateMwc },
      luck: { ours: p.luck, gnubg: r.luck },
    };
  });
  const veryBad = g.veryBad.map((vb) => ({ ...vb, ours: ourMark(o.analysis.decisions, vb)?.mark ?? 'unmatched' }));
  const chequer = chequerPairs(o.analysis.decisions, g.moves);
  rows.push({ file, cpu: { ours: o.cpu, gnubg: g.cpu, ratio: o.cpu / g.cpu }, players, veryBad, chequer });
}

/** One long-nardy game of our bot with itself, seeded, analysed at 2-ply on one core. */
function longGame() {
  const rng = seededRng(seed);
  const die = () => /** @type {import('../packages/engine/dist/index.js').Die} */ (1 + Math.floor(rng() * 6));
  const settings = /** @type {const} */ ({ variant: 'long', matchLength: 1 });
  const start = newMatch(settings);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value;
  /** @type {import('../packages/engine/dist/index.js').Action[]} */
  const actions = [];
  while (state.phase !== 'matchOver') {
    const g = state.game;
    /** @type {import('../packages/engine/dist/index.js').Action} */
    let action;
    if (state.phase === 'opening') action = { type: 'opening', dice: { p1: die(), p2: die() } };
    else if (state.phase === 'turnStart') action = { type: 'roll', seat: seatToPlay(g), dice: [die(), die()] };
    else {
      const turn = chooseTurn(g.position, /** @type {import('../packages/engine/dist/index.js').Dice} */ (g.dice), {
        level: 'intermediate',
        rng,
        rules: state.settings.rules,
      });
      action = { type: 'move', seat: seatToPlay(g), steps: turn ? turn.steps : [] };
    }
    const next = apply(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
    actions.push(action);
  }
  const file = join(dir, `long-${seed}.json`);
  writeFileSync(file, JSON.stringify({ game: { settings }, actions: actions.map((action) => ({ action })) }));
  const o = ours(file);
  return { file, cpu: o.cpu, decisions: o.analysis.decisions.length, unforced: o.analysis.players.reduce((n, p) => n + p.unforcedMoves, 0) };
}
const long = args.includes('--no-long') ? null : longGame();

const allVeryBad = rows.flatMap((r) => r.veryBad);
const atLeastBad = allVeryBad.filter((v) => v.ours === 'bad' || v.ours === 'veryBad').length;
const summary = {
  ply: Number(ply),
  noise: Number(noise),
  cpu: { ours: rows.reduce((s, r) => s + r.cpu.ours, 0), gnubg: rows.reduce((s, r) => s + r.cpu.gnubg, 0) },
  playersAgreeing: rows.flatMap((r) => r.players).filter((p) => p.errorRate.agrees).length,
  players: rows.length * 2,
  veryBad: allVeryBad.length,
  veryBadWeMarkAtLeastBad: atLeastBad,
  veryBadUnmatched: allVeryBad.filter((v) => v.ours === 'unmatched').length,
};
summary.cpu.ratio = summary.cpu.ours / summary.cpu.gnubg;

if (json) {
  console.log(JSON.stringify({ summary, matches: rows, long }));
} else {
  const f = (x, d = 1) => (typeof x === 'number' ? x.toFixed(d) : String(x));
  for (const r of rows) {
    console.log(`${r.file}: CPU ours ${f(r.cpu.ours)} s, gnubg ${f(r.cpu.gnubg)} s, ratio ${f(r.cpu.ratio, 2)}`);
    for (const p of r.players) {
      console.log(
        `  ${p.name.padEnd(6)} unforced ${p.unforced.ours}/${p.unforced.gnubg}  cube ${p.cube.ours}/${p.cube.gnubg}  chequer ${f(p.chequerRate.ours)}/${f(p.chequerRate.gnubg)}` +
          `  cube ${f(p.cubeRate.ours)}/${f(p.cubeRate.gnubg)}  total ${f(p.errorRate.ours)}/${f(p.errorRate.gnubg)} mEMG${p.errorRate.agrees ? ' (agrees)' : ''}` +
          `  ${f(p.errorRateMwc.ours, 2)}/${f(p.errorRateMwc.gnubg, 2)} mMWC  luck ${f(p.luck.ours, 3)}/${f(p.luck.gnubg, 3)}  (ours/gnubg)`,
      );
    }
    const c = r.chequer;
    console.log(
      `  unforced turns paired: ${c.pairs}, mean error ours ${f(c.ours)} / gnubg ${f(c.gnubg)} mEMG; on the ${c.gnubgBest.n} gnubg finds best, ours ${f(c.gnubgBest.ours)}`,
    );
    const vb = r.veryBad;
    console.log(`  gnubg's very bad: ${vb.length}, ours at least bad: ${vb.filter((v) => v.ours === 'bad' || v.ours === 'veryBad').length}`);
  }
  console.log(
    `all: CPU ours ${f(summary.cpu.ours)} s, gnubg ${f(summary.cpu.gnubg)} s, ratio ${f(summary.cpu.ratio, 2)}; error rate within 25 % or 1.5 mEMG: ` +
      `${summary.playersAgreeing} of ${summary.players} players; gnubg's very bad marked at least bad by us: ${atLeastBad} of ${allVeryBad.length} ` +
      `(${summary.veryBadUnmatched} unmatched)`,
  );
  if (long) console.log(`long nardy, one game (${long.decisions} decisions, ${long.unforced} unforced): ${f(long.cpu)} s CPU at ${ply}-ply`);
}
