/**
 * Search distillation (issue 5 item 2, after TD bootstrapping): positions from the nets' own self-play are
 * labelled by our own deeper search (`evaluatePly` at `--plies`, 1 by default) — or, with `--rollout-trials N`,
 * by rollouts of N trials (`rollout/`, players at `expert`, quasi-random dice, luck adjustment unless `--no-luck`,
 * `--truncate K` half-moves then the static evaluation; 0 = to the end) — and the nets learn those labels
 * (supervised, cross-entropy). The new nets replace the committed ones only if `distillPromotion` says so: they
 * beat them at 0-ply in a duel of mirrored pairs (`duel.ts`) with the lower 95 % bound of points per game above
 * zero, or, with candidate labels (their held-out ranking) or rollout labels (their held-out error), a paired
 * gain clear of zero and a duel not behind; the log line (`training/<variant>-distill.jsonl`) says either way, and by which rule.
 *
 *   npm run train -- distill --variant short [--positions 100000] [--plies 1] [--epochs 2]
 *        [--rate 0.01] [--pairs 1000] [--seed 5] [--candidate DIR] [--rollout-trials 36 --truncate 10] [--no-log]
 *
 * Labelling is the slow part, so it can run as one process per core, each writing a shard, and the nets learn
 * from the shards afterwards:
 *
 *   npm run train -- distill --plies 2 --positions 200000 --seed 41 --out /tmp/d41.jsonl   (one per core, own seed)
 *   npm run train -- distill --plies 2 --data /tmp/d41.jsonl,/tmp/d42.jsonl --epochs 4 --pairs 10000
 *
 * (give the fit the labelling flags too — `--plies`, `--candidates` — so that its log line describes the labels).
 *
 * `--candidates K [--within 0.16]` labels, at each decision, the positions after the best K turns by static
 * evaluation within 0.16 of the best (what the net compares when it picks a turn) instead of every other
 * position of the games.
 *
 * `--disagree 2` (with `--candidates K`) labels only the decisions where `worldclass`'s 2-ply search picks another
 * turn than 0-ply: the 2-ply search's best K and the 0-ply pick. With `--rollout-trials N` those candidates are
 * rolled out on the same dice — a teacher stronger than the 2-ply search, spent where 0-ply and 2-ply part (36
 * trials to the end are mostly noise for these differences; 72 truncated at 6 half-moves are not,
 * `bench/label-noise.js`):
 *
 *   npm run train -- distill --candidates 3 --disagree 2 --rollout-trials 72 --truncate 6 --only contact --positions 15000 --seed 213 --out /tmp/q213.jsonl
 *
 * `--agree 2` labels the other decisions, where the 2-ply search picks the 0-ply turn, with their usual candidates:
 * with `--plies 0`, the committed nets' own values there, anchors that hold a fit on the disagreements in place where
 * 0-ply is already right:
 *
 *   npm run train -- distill --plies 0 --candidates 5 --agree 2 --only contact --positions 100000 --seed 251 --out /tmp/g251.jsonl
 *
 * `--only crashed` labels only the positions of those classes (the rest of the games are played, not labelled).
 * `--every K` (default 2) labels one position in K of each game (rollout labels want them further apart).
 * `--starts back-game` (short nardy) starts each game from a generated back game (`back-game-starts.ts`) instead
 * of the opening: the positions our nets misjudge worst, which play from the opening seldom reaches.
 *
 * `--classes contact,race` names the nets that learn (default: all but crashed); `--widen contact=192` grows a
 * net first (`Mlp.widen`: the same outputs to start with). `--output-only` trains the output layer alone: a
 * recalibration that a few thousand rollout labels can carry. `--adam [--batch 32]` learns by Adam over
 * mini-batches (`net/adam.ts`) instead of one plain step per position; `--rate` is then Adam's step (the
 * committed round used 0.0005).
 *
 * `--decision-weight W` (candidates) adds W times the error of each candidate's value measured from its decision's
 * mean (`withinDecisionTargets`): the differences a pick depends on, which the plain error weighs no more than the
 * level common to the whole throw.
 *
 * `--agreeing-share F` (candidates) trains on every decision where the committed nets' 0-ply pick is not the labels'
 * best but only on a share F of those where it is (`keepDisagreements`): the pooled 2-ply shards then teach mostly
 * what the nets get wrong, in a fifth of the steps.
 *
 * `--holdout N` (default 2000) keeps the last N positions out of training and reports the teacher's and the
 * student's mean squared error on them, their mean bias per output (label − net: a net that undervalues
 * gammons shows it there), and, for candidates, how much equity (by the labels) their static
 * ranking of those decisions loses, with the student's gain there over the teacher paired decision by decision and its
 * 95 % half-width (`ranking.gain`); for rollout labels, the student's paired gain in squared error (`errorGain`). `--test FILES` reports the same error and bias on shards kept out of training
 * altogether (a set of another kind: back games, say). `--candidate DIR` also writes the new nets to DIR whether promoted or
 * not (to measure them otherwise, e.g. `NARDY_WEIGHTS_DIR=DIR node bench/gnubg-error.js`). `--no-log`: a trial
 * fit, left out of the training log; its nets replace the committed ones only by hand, even if they win.
 */
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { opposite, seededRng, type Position } from '@nardy/engine';
import { evaluatePly, LEVEL_SETTINGS, type Probabilities, rollout, type SearchContext } from '@nardy/ai';
import { AdamTrainer, EvalCache, loadFamily, loadNet, NetEvaluator, type NetFamily, type NetSet, pruneFamilyOf } from '@nardy/ai/lab';
import { WEIGHTS_DIR } from '@nardy/ai/node';
import { duel } from './duel.js';
import { distillPromotion, type HeldOutGain } from './distill-promotion.js';
import {
  decisionGaps,
  decisionGroups,
  keepDisagreements,
  labelSelfPlay,
  pairedGain,
  rankingLoss,
  readShards,
  shardWriter,
  withinDecisionTargets,
  type Labelled,
  type Sampling,
} from './distill-data.js';
import { greedyTurn } from './td.js';
import { familyArg, flagArg, numberArg, startsArg, stringArg, widenArg } from './args.js';
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
const luck = !flagArg('no-luck');
const outputOnly = flagArg('output-only');
const adam = flagArg('adam');
const batch = numberArg('batch', 32);
if (adam && outputOnly) throw new Error('--adam trains the whole net; --output-only is a plain stochastic step');
if (!Number.isInteger(batch) || batch < 1) throw new Error('--batch must be a positive whole number of positions');
const holdout = numberArg('holdout', 2000);
const out = stringArg('out', '');
const shards = stringArg('data', '');
const candidates = numberArg('candidates', 0);
// `--only crashed`: label only the positions of these classes (self-play is cheap, labelling is not).
const only = stringArg('only', '');
const onlyClasses = new Set(only.split(',').filter(Boolean));
const wanted = onlyClasses.size > 0 ? (p: Position): boolean => onlyClasses.has(family.classOf(p.board[p.turn], p.board[opposite(p.turn)])) : undefined;
const starts = startsArg(family);
const selfPlay = { ...(wanted ? { wanted } : {}), ...(starts.draw ? { start: starts.draw } : {}) };
const every = stringArg('every', '');
// `--disagree P`: only the decisions where a P-ply search (`worldclass`'s filters) picks another turn than 0-ply.
const disagree = numberArg('disagree', 0);
// `--agree P`: the opposite, only the decisions where it picks the 0-ply turn (anchors for a fit on the others).
const agree = numberArg('agree', 0);
if ((disagree > 0 || agree > 0) && candidates <= 0) throw new Error('--disagree and --agree pick decisions to label as candidates: give --candidates K too');
if (disagree > 0 && agree > 0) throw new Error('--disagree and --agree exclude each other');
const deeper = (plies: number) => ({ plies, filters: LEVEL_SETTINGS.worldclass.filters });
const sampling: Sampling =
  candidates > 0
    ? {
        kind: 'candidates',
        keep: candidates,
        within: numberArg('within', 0.16),
        ...(disagree > 0 ? { disagree: deeper(disagree) } : {}),
        ...(agree > 0 ? { agree: deeper(agree) } : {}),
      }
    : { kind: 'position', ...(every ? { every: Number(every) } : {}) };
const started = Date.now();

const teacherNets = loadFamily(family);
const teacher = new NetEvaluator(family, teacherNets);
const cache = new EvalCache(20);
const ctx: SearchContext = {
  evaluate: cache.wrap((p) => teacher.evaluate(p)),
  prune: {
    evaluate: (
      (e) => (p: Position) =>
        e.evaluate(p)
    )(new NetEvaluator(pruneFamilyOf(family.variant), loadFamily(pruneFamilyOf(family.variant)))),
    keep: 5,
  },
};

/**
 * A position's label: the mean outcome of its rollouts, or its value at `plies`. A decision's candidates are
 * rolled out with the decision's seed — the same dice for each, so their differences, which a pick depends on,
 * carry less noise than their values (as `rankByRollout` does).
 */
async function label(pos: Position, index: number, decision?: number): Promise<Probabilities> {
  if (rolloutTrials <= 0) return evaluatePly(pos, plies, ctx);
  const r = await rollout(pos, { trials: rolloutTrials, seed: seed * 100_003 + (decision ?? index), luck, ...(truncate > 0 ? { truncate } : {}) });
  return r.probabilities;
}

const labels = {
  ...(rolloutTrials > 0 ? { rollout: { trials: rolloutTrials, truncate: truncate || 'none', players: 'expert', luck } } : { plies }),
  sampling,
  ...(only ? { only } : {}),
  ...(starts.draw ? { starts: starts.name } : {}),
};
if (out) {
  const shard = shardWriter(out);
  const n = await labelSelfPlay(family.variant, ctx, sampling, label, count, seed, shard.add, selfPlay);
  shard.flush();
  console.log(`${n} positions labelled (${JSON.stringify(labels)}) in ${Math.round((Date.now() - started) / 1000)} s → ${out}`);
  process.exit(0);
}

// `--test FILES`: shards never trained on (e.g. back games, when the training data is mostly from the opening);
// read before the fit, so that a bad file stops the run before its work, not after.
const testFiles = stringArg('test', '').split(',').filter(Boolean);
const testSet = readShards(testFiles);
let data: Labelled[] = [];
if (shards) data = readShards(shards.split(','));
else await labelSelfPlay(family.variant, ctx, sampling, label, count, seed, (d) => data.push(d), selfPlay);
const labelSeconds = Math.round((Date.now() - started) / 1000);
console.log(`${data.length} positions ${shards ? `read from ${shards}` : `labelled (${JSON.stringify(labels)})`} in ${labelSeconds} s`);

const held = data.splice(Math.max(0, data.length - holdout));
const input = new Float32Array(family.inputs);
const output = new Float64Array(5);
const valueOf = (nets: NetSet, d: Labelled): Float64Array => {
  nets[family.classOf(d.me, d.them)]!.forward(family.encode(d.me, d.them, input), output);
  return output;
};
/**
 * One pass of `nets` over `set`: the mean squared error against the labels (per output), each position's own
 * (for `pairedGain`), and the mean label − net value per output (win, win mars, win koks, lose mars, lose koks).
 */
function fitOn(nets: NetSet, set: readonly Labelled[]): { error: number; errors: number[]; bias: number[] } {
  const errors: number[] = [];
  const sum = [0, 0, 0, 0, 0];
  for (const d of set) {
    const v = valueOf(nets, d);
    let sq = 0;
    for (let k = 0; k < 5; k++) {
      const gap = d.label[k]! - v[k]!;
      sq += gap * gap;
      sum[k]! += gap;
    }
    errors.push(sq / 5);
  }
  const n = Math.max(1, set.length);
  return { error: errors.reduce((s, e) => s + e, 0) / n, errors, bias: sum.map((x) => Number((x / n).toFixed(4))) };
}
/** How `nets` rank the held-out decisions against the labels (`decisionGaps`). */
const gapsOf = (nets: NetSet): number[] => decisionGaps(held, (d) => valueOf(nets, d));
/** A ranking's loss (`rankingLoss`), in millipoints. */
function rankingOf(gaps: readonly number[]): { decisions: number; mp: number; differ: number } {
  const r = rankingLoss(gaps);
  return { decisions: r.decisions, mp: Number((1000 * r.loss).toFixed(2)), differ: Number(r.differ.toFixed(3)) };
}
/** The student's ranking loss taken off the teacher's on the same held-out decisions (`pairedGain`), in millipoints. */
function gainOf(before: readonly number[], after: readonly number[]): { mp: number; ci95: number } {
  const g = pairedGain(before, after);
  return { mp: Number((1000 * g.gain).toFixed(2)), ci95: Number((1000 * g.ci95).toFixed(2)) };
}

// `--agreeing-share F`: of the training decisions where the committed nets' 0-ply pick already is the labels' best,
// keep only a share F (`keepDisagreements`); the held-out set stays whole, so its ranking still reads every kind.
const agreeingShare = numberArg('agreeing-share', 1);
if (agreeingShare < 1) {
  const before = decisionGroups(data).length;
  data = keepDisagreements(data, (d) => valueOf(teacherNets, d), agreeingShare, seededRng(seed * 7 + 3));
  console.log(`--agreeing-share ${agreeingShare}: ${decisionGroups(data).length} of ${before} decisions (and lone positions) kept, ${data.length} positions`);
}

const rng = seededRng(seed);
const widen = widenArg(family);
const student: NetSet = Object.fromEntries(
  family.classes.map((c) => {
    const w = widen.find((x) => x.cls === c);
    return [c, w ? teacherNets[c]!.widen(w.hidden, seededRng(seed * 31 + 1)) : teacherNets[c]!.clone()];
  }),
);
// As in train-main: short nardy's crashed net has its own trainer, and the few crashed positions of self-play
// would pull it away from that; `--classes` names the nets that learn (default: all but crashed).
const learns = new Set(stringArg('classes', family.classes.filter((c) => c !== 'crashed').join(',')).split(','));
// `--decision-weight W`: the candidates of a decision learn together, with W × the within-decision error added
// (`withinDecisionTargets`); 0, each position on its own, shuffled alone.
const decisionWeight = numberArg('decision-weight', 0);
if (decisionWeight < 0) throw new Error('--decision-weight must be 0 or more');
const order = decisionWeight > 0 ? decisionGroups(data) : data.map((d) => [d]);
const trainers = new Map(adam ? family.classes.map((c) => [c, new AdamTrainer(student[c]!)]) : []);
let lastError = 0;
for (let e = 0; e < epochs; e++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let sq = 0;
  let trained = 0;
  const epochRate = rate / (1 + e);
  for (const group of order) {
    const targets =
      group.length > 1
        ? withinDecisionTargets(
            group.map((d) => d.label),
            group.map((d) => Float64Array.from(valueOf(student, d))),
            decisionWeight,
          )
        : [group[0]!.label];
    group.forEach((d, m) => {
      const cls = family.classOf(d.me, d.them);
      if (!learns.has(cls)) return;
      const x = family.encode(d.me, d.them, input);
      if (adam) {
        const trainer = trainers.get(cls)!;
        trainer.add(x, targets[m]!, output);
        if (trainer.pending >= batch) trainer.step(epochRate);
      } else student[cls]!.train(x, targets[m]!, epochRate, output, outputOnly);
      // Against the labels themselves (the targets differ from them with --decision-weight); `output` holds the
      // net's values before the step.
      for (let k = 0; k < 5; k++) sq += (d.label[k]! - output[k]!) ** 2;
      trained++;
    });
  }
  for (const trainer of trainers.values()) trainer.step(epochRate);
  lastError = sq / (5 * trained);
  console.log(
    `epoch ${e + 1}: mean squared error against the labels ${lastError.toFixed(5)}, held out ${fitOn(student, held).error.toFixed(5)}, ranking ${JSON.stringify(rankingOf(gapsOf(student)))}`,
  );
}
// Each net ranks the held-out decisions once; the losses and the paired gain share those gaps.
const rankingFor = (teacherGaps: readonly number[], studentGaps: readonly number[]) => ({
  teacher: rankingOf(teacherGaps),
  student: rankingOf(studentGaps),
  gain: gainOf(teacherGaps, studentGaps),
});
const teacherFit = fitOn(teacherNets, held);
const studentFit = fitOn(student, held);
const heldOut = {
  positions: held.length,
  teacher: Number(teacherFit.error.toFixed(6)),
  student: Number(studentFit.error.toFixed(6)),
  bias: { teacher: teacherFit.bias, student: studentFit.bias },
  ...(held.some((d) => d.decision !== undefined) ? { ranking: rankingFor(gapsOf(teacherNets), gapsOf(student)) } : {}),
  // Against rollouts (a teacher that does not share the nets' biases) a lower error is better values: paired.
  ...(rolloutTrials > 0
    ? { errorGain: ((g) => ({ gain: Number(g.gain.toFixed(7)), ci95: Number(g.ci95.toFixed(7)) }))(pairedGain(teacherFit.errors, studentFit.errors)) }
    : {}),
};
const testFit = testSet.length > 0 ? { teacher: fitOn(teacherNets, testSet), student: fitOn(student, testSet) } : undefined;
const test = testFit && {
  shards: testFiles.map((f) => basename(f)),
  positions: testSet.length,
  teacher: Number(testFit.teacher.error.toFixed(6)),
  student: Number(testFit.student.error.toFixed(6)),
  bias: { teacher: testFit.teacher.bias, student: testFit.student.bias },
};

const newEval = new NetEvaluator(family, student);
const result = duel(
  family.variant,
  (p, d) => greedyTurn(newEval, p, d).after,
  (p, d) => greedyTurn(teacher, p, d).after,
  pairs,
  seededRng(seed + 1),
);
const heldOutGain: HeldOutGain | undefined = heldOut.ranking
  ? { by: 'ranking', gain: heldOut.ranking.gain.mp, ci95: heldOut.ranking.gain.ci95 }
  : heldOut.errorGain && { by: 'rollout error', ...heldOut.errorGain };
const { promoted, rule } = distillPromotion(result, heldOutGain);
const line = {
  at: new Date().toISOString(),
  positions: data.length,
  ...labels,
  ...(shards ? { shards: shards.split(',').map((f) => basename(f)) } : {}),
  epochs,
  rate,
  classes: [...learns],
  ...(widen.length > 0 ? { widen: stringArg('widen', '') } : {}),
  ...(outputOnly ? { outputOnly } : {}),
  ...(adam ? { optimizer: { adam: true, batch } } : {}),
  ...(decisionWeight > 0 ? { decisionWeight } : {}),
  labelSeconds,
  error: Number(lastError.toFixed(5)),
  heldOut,
  ...(test ? { test } : {}),
  // Four decimals: the rule reads the unrounded sign, and a duel logged as 0.000 was once refused.
  vsTeacher: {
    games: result.games,
    pointsPerGame: Number(result.pointsPerGame.toFixed(4)),
    ci95: Number(result.ci95.toFixed(4)),
    winShare: Number(result.winShare.toFixed(3)),
  },
  promoted,
  rule,
};
console.log(JSON.stringify(line));
// `--no-log`: a trial fit, not a round of the record — so its nets never replace the committed ones either.
const logged = !flagArg('no-log');
if (logged) appendFileSync(new URL(`../training/${family.variant}-distill.jsonl`, import.meta.url), `${JSON.stringify(line)}\n`);
const candidate = stringArg('candidate', '');
// Each net's record of how it was trained, read once (before anything is saved): the nets that learned add this run.
const records = Object.fromEntries(
  family.classes.map((cls) => [cls, { ...(loadNet(family.file(cls), family.encoding).meta.training ?? {}) } as Record<string, unknown>]),
);
for (const dir of [...(promoted && logged ? [WEIGHTS_DIR] : []), ...(candidate ? [pathToFileURL(`${candidate.replace(/\/+$/, '')}/`)] : [])]) {
  saveNets(family, student, dir, (cls) => {
    const previous = records[cls]!;
    return learns.has(cls) ? { ...previous, distilled: [...((previous['distilled'] as unknown[]) ?? []), line] } : previous;
  });
}
