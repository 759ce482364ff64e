/**
 * Distils a variant's pruning net (`net/prune-family.ts`) from its committed nets: self-play
 * games at 0-ply; at every third position all candidate turns' results are labelled with the full nets'
 * five numbers and the small net learns to reproduce them (cross-entropy, a few passes in shuffled order).
 * Reports how often the full nets' best turn is among the pruning net's best `keep` on held-out positions.
 *
 *   npm run train -- prune [--variant short|long] [--games 1500] [--epochs 6] [--keep 5] [--seed 3]
 */
import { renameSync, writeFileSync, appendFileSync } from 'node:fs';
import { legalTurns, opposite, seededRng, startPosition, winnerOf, type Position } from '@nardy/engine';
import { cubelessEquity, invert } from '@nardy/ai';
import { encodeNet, familyEvaluator, Mlp, NetEvaluator, pruneFamilyOf } from '@nardy/ai/lab';
import { WEIGHTS_DIR } from '@nardy/ai/node';
import { greedyTurn, throwDice } from './td.js';
import { familyArg, numberArg } from './args.js';

const games = numberArg('games', 1500);
const epochs = numberArg('epochs', 6);
const keep = numberArg('keep', 5);
const seed = numberArg('seed', 3);

const family = familyArg();
const PRUNE = pruneFamilyOf(family.variant);
const full = familyEvaluator(family);
const rng = seededRng(seed);

interface Sample {
  readonly me: number[];
  readonly them: number[];
  readonly target: number[];
}
/** Candidate sets: each position's results, labelled, for training and for the held-out check. */
const sets: Sample[][] = [];
for (let g = 0; g < games; g++) {
  let pos: Position = startPosition(family.variant, rng() < 0.5 ? 'white' : 'black');
  for (let ply = 0; !winnerOf(pos); ply++) {
    const dice = throwDice(rng);
    if (ply % 3 === 0) {
      const set: Sample[] = [];
      for (const t of legalTurns(pos, dice)) {
        if (winnerOf(t.after)) continue;
        const p = full.evaluate(t.after);
        set.push({
          me: [...t.after.board[t.after.turn]],
          them: [...t.after.board[opposite(t.after.turn)]],
          target: [p.win, p.winMars, p.winKoks, p.loseMars, p.loseKoks],
        });
      }
      if (set.length > 1) sets.push(set);
    }
    pos = greedyTurn(full, pos, dice).after;
  }
}
const heldOut = sets.splice(0, Math.floor(sets.length / 10));
const samples = sets.flat();
console.log(`${samples.length} training samples from ${sets.length} positions; ${heldOut.length} positions held out`);

const shape = { inputs: PRUNE.inputs, hidden: PRUNE.hidden.prune, outputs: 5 };
const net = Mlp.random(shape, rng);
const input = new Float32Array(shape.inputs);
const out = new Float64Array(5);
const order = samples.map((_, i) => i);
for (let e = 0; e < epochs; e++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const rate = 0.05 / (1 + e);
  let sq = 0;
  for (const i of order) {
    const s = samples[i]!;
    sq += net.train(PRUNE.encode(s.me, s.them, input), s.target, rate, out);
  }
  console.log(`epoch ${e + 1}: mean squared error ${(sq / (5 * order.length)).toFixed(5)}`);
}

// Held out: is the full nets' best among the pruning net's best `keep`? (Equity of a result for the mover.)
const small = new NetEvaluator(PRUNE, { prune: net });
let found = 0;
let loss = 0;
for (const set of heldOut) {
  const eq = (p: readonly number[]): number => cubelessEquity(invert({ win: p[0]!, winMars: p[1]!, winKoks: p[2]!, loseMars: p[3]!, loseKoks: p[4]! }));
  const fullEq = set.map((s) => eq(s.target));
  const best = fullEq.indexOf(Math.max(...fullEq));
  const smallEq = set.map((s) => cubelessEquity(invert(small.evaluateSides(s.me, s.them))));
  const top = smallEq
    .map((e, i) => [e, i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, keep)
    .map(([, i]) => i);
  if (top.includes(best)) found++;
  loss += fullEq[best]! - Math.max(...top.map((i) => fullEq[i]!));
}
const report = {
  samples: samples.length,
  heldOutPositions: heldOut.length,
  keep,
  bestKept: Number((found / heldOut.length).toFixed(4)),
  meanEquityLostWhenPruned: Number((loss / heldOut.length).toFixed(5)),
};
console.log(JSON.stringify(report));
const file = new URL(PRUNE.file('prune'), WEIGHTS_DIR);
const tmp = new URL(`${PRUNE.file('prune')}.tmp`, WEIGHTS_DIR);
writeFileSync(
  tmp,
  encodeNet(net, { encoding: PRUNE.encoding, name: `${family.variant}/prune`, training: { games, epochs, seed, script: 'train-prune-main', ...report } }),
);
renameSync(tmp, file);
appendFileSync(new URL(`../training/${family.variant}-prune.jsonl`, import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), ...report })}\n`);
