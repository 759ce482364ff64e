/**
 * Trains the short-nardy nets by TD(λ) self-play (`td.ts`), resuming from the committed nets when asked.
 * Every `--every` games it writes the nets (`packages/ai/weights/short-*.nnet`) and appends a line to the
 * training log: games so far, mean error of the window, plies per game, and a duel of the nets against the
 * fixed heuristic (`chooseTurn` at `expert`) in mirrored pairs.
 *
 *   node packages/ai/dist/train/train-short-main.js --games 200000 [--resume] [--lambda 0.7] [--rate 0.1]
 *        [--hidden 96] [--every 5000] [--bench-pairs 200] [--seed 1]
 */
import { mkdirSync, renameSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { seededRng } from '@nardy/engine';
import { Mlp } from '../net/mlp.js';
import { encodeNet } from '../net/net-file.js';
import { WEIGHTS_DIR, loadNet } from '../net/load.js';
import { SHORT_ENCODING, SHORT_INPUTS } from '../net/short-inputs.js';
import { ShortNetEvaluator, type ShortNets } from '../net/short-evaluator.js';
import { duel, heuristicMover } from './duel.js';
import { greedyTurn, tdGame } from './td.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const games = opt('games', 100_000);
const lambda = opt('lambda', 0.7);
const rate0 = opt('rate', 0.1);
const hidden = opt('hidden', 96);
const every = opt('every', 5000);
const benchPairs = opt('bench-pairs', 200);
const seed = opt('seed', 1);
const resume = args.includes('--resume');
const LOG = new URL('../../training/short-td.jsonl', import.meta.url);

const files = { contact: 'short-contact.nnet', race: 'short-race.nnet' } as const;
let done = 0;
let nets: ShortNets;
if (resume && existsSync(new URL(files.contact, WEIGHTS_DIR))) {
  const c = loadNet(files.contact, SHORT_ENCODING);
  const r = loadNet(files.race, SHORT_ENCODING);
  nets = { contact: c.net, race: r.net };
  done = Number(c.meta.training?.['games'] ?? 0);
} else {
  const rng = seededRng(seed);
  nets = {
    contact: Mlp.random({ inputs: SHORT_INPUTS, hidden, outputs: 5 }, rng),
    race: Mlp.random({ inputs: SHORT_INPUTS, hidden: Math.max(16, hidden >> 1), outputs: 5 }, rng),
  };
}

const save = (training: Record<string, unknown>): void => {
  mkdirSync(WEIGHTS_DIR, { recursive: true });
  for (const cls of ['contact', 'race'] as const) {
    const url = new URL(files[cls], WEIGHTS_DIR);
    const tmp = new URL(`${files[cls]}.tmp`, WEIGHTS_DIR);
    writeFileSync(tmp, encodeNet(nets[cls], { encoding: SHORT_ENCODING, name: `short/${cls}`, training }));
    renameSync(tmp, url);
  }
};

// The learning rate decays slowly as the nets settle (large steps early, fine ones later).
const rateAt = (g: number): number => rate0 / (1 + g / 100_000);
const rng = seededRng(seed * 7919 + done);
const started = Date.now();
let windowError = 0;
let windowPlies = 0;
let windowGames = 0;
for (let g = 1; g <= games; g++) {
  const stats = tdGame(nets, rng, { lambda, rate: rateAt(done + g) });
  windowError += stats.error;
  windowPlies += stats.plies;
  windowGames++;
  if (g % every === 0 || g === games) {
    const total = done + g;
    const evaluator = new ShortNetEvaluator(nets);
    const bench = duel('short', (p, d) => greedyTurn(evaluator, p, d).after, heuristicMover, benchPairs, seededRng(12345));
    const line = {
      games: total,
      seconds: Math.round((Date.now() - started) / 1000),
      lambda,
      rate: Number(rateAt(total).toFixed(5)),
      error: Number((windowError / windowGames).toFixed(5)),
      pliesPerGame: Number((windowPlies / windowGames).toFixed(1)),
      vsHeuristic: { games: bench.games, pointsPerGame: Number(bench.pointsPerGame.toFixed(3)), ci95: Number(bench.ci95.toFixed(3)), winShare: Number(bench.winShare.toFixed(3)) },
    };
    save({ games: total, lambda, rate: rate0, hidden, seed, script: 'train-short-main' });
    appendFileSync(LOG, `${JSON.stringify(line)}\n`);
    console.log(JSON.stringify(line));
    windowError = windowPlies = windowGames = 0;
  }
}
