/**
 * Trains a variant's nets by TD(λ) self-play (`td.ts`), resuming from the committed nets when asked. Every
 * `--every` games it writes the nets (`packages/ai/weights/<variant>-<class>.nnet`) and appends a line to the
 * training log (`packages/train/training/<variant>-td.jsonl`): games so far, mean error of the window, plies
 * per game, and a duel of the nets (0-ply) against the fixed heuristic (`evaluate.ts` at 0-ply) in mirrored
 * pairs (`duel.ts`).
 *
 * `--exact`: bear-off positions take their values from the databases (`exactEvaluator`), in play and as TD
 * targets, and are not trained on (the race net then learns races only, from exact ends).
 * `--widen contact=128` (with `--resume`) gives a class's net more hidden units before training goes on
 * (`Mlp.widen`: the same outputs to start with, the new units learning from there).
 *
 *   npm run train -- td --variant short|long --games 200000 [--resume] [--lambda 0.7]
 *        [--rate 0.1] [--every 10000] [--bench-pairs 200] [--seed 1] [--exact] [--widen class=hidden,…] [--log name.jsonl]
 */
import { appendFileSync, existsSync } from 'node:fs';
import { seededRng } from '@nardy/engine';
import { exactEvaluator, loadFamily, loadNet, Mlp, NetEvaluator, type NetFamily, type NetSet } from '@nardy/ai/lab';
import { WEIGHTS_DIR } from '@nardy/ai/node';
import { duel, heuristicMover } from './duel.js';
import { greedyTurn, tdGame, withExact } from './td.js';
import { familyArg, flagArg, numberArg, stringArg, widenArg } from './args.js';
import { saveNets } from './save-nets.js';

const family: NetFamily = familyArg();
const games = numberArg('games', 100_000);
const lambda = numberArg('lambda', 0.7);
const rate0 = numberArg('rate', 0.1);
const every = numberArg('every', 10_000);
const benchPairs = numberArg('bench-pairs', 200);
const seed = numberArg('seed', 1);
const resume = flagArg('resume');
const exact = flagArg('exact') ? exactEvaluator(family.variant) : undefined;
const widen = widenArg(family);
// Short nardy's crashed net has a trainer of its own (train-crashed-main: generated starts, exact bear-off
// values); the few crashed positions self-play reaches would pull it away from that (measured: its error on the
// crashed test set rose from 0.10 to 0.14–0.16 in equity over 475,000 self-play games).
const trains = (cls: string): boolean => cls !== 'crashed';
// `--log`: another training log, for a trial run beside the main one (e.g. a widened net).
const LOG = new URL(`../training/${stringArg('log', `${family.variant}-td.jsonl`)}`, import.meta.url);

let done = 0;
let nets: NetSet;
if (resume && existsSync(new URL(family.file(family.classes[0]!), WEIGHTS_DIR))) {
  const loaded = loadFamily(family);
  done = Number(loadNet(family.file(family.classes[0]!), family.encoding).meta.training?.['games'] ?? 0);
  const rng = seededRng(seed * 31 + 1);
  nets = { ...loaded, ...Object.fromEntries(widen.map(({ cls, hidden }) => [cls, loaded[cls]!.widen(hidden, rng)])) };
} else if (widen.length > 0) {
  throw new Error('--widen grows trained nets: use it with --resume');
} else {
  const rng = seededRng(seed);
  nets = Object.fromEntries(family.classes.map((c) => [c, Mlp.random({ inputs: family.inputs, hidden: family.hidden[c] ?? 64, outputs: 5 }, rng)]));
}

const save = (training: Record<string, unknown>): void => saveNets(family, nets, WEIGHTS_DIR, () => training);

// The learning rate decays slowly as the nets settle (large steps early, fine ones later).
const rateAt = (g: number): number => rate0 / (1 + g / 100_000);
const rng = seededRng(seed * 7919 + done);
const started = Date.now();
let windowError = 0;
let windowPlies = 0;
let windowGames = 0;
for (let g = 1; g <= games; g++) {
  const stats = tdGame(family, nets, rng, { lambda, rate: rateAt(done + g), trains, ...(exact ? { exact } : {}) });
  windowError += stats.error;
  windowPlies += stats.plies;
  windowGames++;
  if (g % every === 0 || g === games) {
    const total = done + g;
    const evaluator = withExact(new NetEvaluator(family, nets), exact);
    const bench = duel(family.variant, (p, d) => greedyTurn(evaluator, p, d).after, heuristicMover, benchPairs, seededRng(12345));
    const line = {
      games: total,
      seconds: Math.round((Date.now() - started) / 1000),
      lambda,
      rate: Number(rateAt(total).toFixed(5)),
      error: Number((windowError / windowGames).toFixed(5)),
      pliesPerGame: Number((windowPlies / windowGames).toFixed(1)),
      vsHeuristic: {
        games: bench.games,
        pointsPerGame: Number(bench.pointsPerGame.toFixed(3)),
        ci95: Number(bench.ci95.toFixed(3)),
        winShare: Number(bench.winShare.toFixed(3)),
      },
    };
    save({
      games: total,
      lambda,
      rate: rate0,
      seed,
      script: 'train-main',
      ...(exact ? { exact: true } : {}),
      ...(widen.length > 0 ? { widenedAt: done, widen: stringArg('widen', '') } : {}),
    });
    appendFileSync(LOG, `${JSON.stringify(line)}\n`);
    console.log(JSON.stringify(line));
    windowError = windowPlies = windowGames = 0;
  }
}
