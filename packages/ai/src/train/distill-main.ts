/**
 * Search distillation (issue 5 item 2, after TD bootstrapping): positions from the nets' own self-play are
 * labelled by our own deeper search (`evaluatePly` at `--plies`, 1 by default) — or, with `--rollout-trials N`,
 * by rollouts of N trials (`rollout/`, players at `expert`, quasi-random dice, `--truncate K` half-moves then the
 * static evaluation; 0 = to the end) — and the nets learn those labels (supervised, cross-entropy). The new nets replace the committed ones only if they beat them at 0-ply in a
 * duel of mirrored pairs (`duel.ts`) with the lower 95 % bound of points per game above zero; the log line
 * (`training/<variant>-distill.jsonl`) says either way.
 *
 *   node packages/ai/dist/train/distill-main.js --variant short [--positions 100000] [--plies 1] [--epochs 2]
 *        [--rate 0.01] [--pairs 1000] [--seed 5] [--candidate DIR] [--rollout-trials 36 --truncate 10]
 *
 * `--candidate DIR` also writes the new nets to DIR whether promoted or not (to measure them otherwise, e.g.
 * `NARDY_WEIGHTS_DIR=DIR node bench/gnubg-error.js`).
 */
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { opposite, seededRng, startPosition, winnerOf, type Position } from '@nardy/engine';
import { loadFamily } from '../net/committed-nets.js';
import { WEIGHTS_DIR, loadNet } from '../net/load.js';
import { NetEvaluator, type NetFamily, type NetSet } from '../net/net-evaluator.js';
import { pruneFamilyOf } from '../net/prune-family.js';
import { EvalCache } from '../search/eval-cache.js';
import { evaluatePly, type SearchContext } from '../search/ply.js';
import { rollout } from '../rollout/index.js';
import type { Probabilities } from '../probabilities.js';
import { duel } from './duel.js';
import { greedyTurn, throwDice } from './td.js';
import { familyArg, numberArg, stringArg } from './args.js';
import { saveNets } from './save-nets.js';

const family: NetFamily = familyArg();
const count = numberArg('positions', 100_000);
const plies = numberArg('plies', 1);
const epochs = numberArg('epochs', 2);
const rate = numberArg('rate', 0.01);
const pairs = numberArg('pairs', 1000);
const seed = numberArg('seed', 5);
const rolloutTrials = numberArg('rollout-trials', 0);
const truncate = numberArg('truncate', 0);
const started = Date.now();

const teacherNets = loadFamily(family);
const teacher = new NetEvaluator(family, teacherNets);
const cache = new EvalCache(20);
const ctx: SearchContext = {
  evaluate: cache.wrap((p) => teacher.evaluate(p)),
  prune: { evaluate: ((e) => (p: Position) => e.evaluate(p))(new NetEvaluator(pruneFamilyOf(family.variant), loadFamily(pruneFamilyOf(family.variant)))), keep: 5 },
};

/** A position's label: the mean outcome of its rollouts, or its value at `plies`. */
async function label(pos: Position, index: number): Promise<Probabilities> {
  if (rolloutTrials <= 0) return evaluatePly(pos, plies, ctx);
  const r = await rollout(pos, { trials: rolloutTrials, seed: seed * 100_003 + index, luck: false, workers: 0, ...(truncate > 0 ? { truncate } : {}) });
  return r.probabilities;
}

// Positions of the teacher's own 0-ply self-play, every other one, each labelled by the deeper search or rollouts.
const rng = seededRng(seed);
const data: { me: number[]; them: number[]; label: number[] }[] = [];
while (data.length < count) {
  let pos: Position = startPosition(family.variant, rng() < 0.5 ? 'white' : 'black');
  for (let ply = 0; !winnerOf(pos) && data.length < count; ply++) {
    if (ply % 2 === 1) {
      const p = await label(pos, data.length);
      data.push({ me: [...pos.board[pos.turn]], them: [...pos.board[opposite(pos.turn)]], label: [p.win, p.winMars, p.winKoks, p.loseMars, p.loseKoks] });
    }
    pos = greedyTurn(teacher, pos, throwDice(rng)).after;
  }
}
const labelSeconds = Math.round((Date.now() - started) / 1000);
const labels = rolloutTrials > 0 ? { rollout: { trials: rolloutTrials, truncate: truncate || 'none', players: 'expert', luck: false } } : { plies };
console.log(`${data.length} positions labelled (${JSON.stringify(labels)}) in ${labelSeconds} s`);

const student: NetSet = Object.fromEntries(family.classes.map((c) => [c, teacherNets[c]!.clone()]));
const input = new Float32Array(family.inputs);
const out = new Float64Array(5);
const order = data.map((_, i) => i);
let lastError = 0;
for (let e = 0; e < epochs; e++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let sq = 0;
  for (const i of order) {
    const d = data[i]!;
    sq += student[family.classOf(d.me, d.them)]!.train(family.encode(d.me, d.them, input), d.label, rate / (1 + e), out);
  }
  lastError = sq / (5 * order.length);
  console.log(`epoch ${e + 1}: mean squared error against the labels ${lastError.toFixed(5)}`);
}

const newEval = new NetEvaluator(family, student);
const result = duel(family.variant, (p, d) => greedyTurn(newEval, p, d).after, (p, d) => greedyTurn(teacher, p, d).after, pairs, seededRng(seed + 1));
const promoted = result.pointsPerGame - result.ci95 > 0;
const line = {
  at: new Date().toISOString(),
  positions: data.length,
  ...labels,
  epochs,
  rate,
  labelSeconds,
  error: Number(lastError.toFixed(5)),
  vsTeacher: { games: result.games, pointsPerGame: Number(result.pointsPerGame.toFixed(3)), ci95: Number(result.ci95.toFixed(3)), winShare: Number(result.winShare.toFixed(3)) },
  promoted,
};
console.log(JSON.stringify(line));
appendFileSync(new URL(`../../training/${family.variant}-distill.jsonl`, import.meta.url), `${JSON.stringify(line)}\n`);
const candidate = stringArg('candidate', '');
for (const dir of [...(promoted ? [WEIGHTS_DIR] : []), ...(candidate ? [pathToFileURL(`${candidate.replace(/\/+$/, '')}/`)] : [])]) {
  saveNets(family, student, dir, (cls) => {
    const previous: Record<string, unknown> = { ...(loadNet(family.file(cls), family.encoding).meta.training ?? {}) };
    return { ...previous, distilled: [...((previous['distilled'] as unknown[]) ?? []), line] };
  });
}
