/**
 * The crashed test set of short nardy: `--positions` generated crashed positions (`crashed-starts.ts`, seed
 * `--games-seed`, apart from the training seeds), each rolled out to the end (`--trials`, players at `expert`, the
 * committed nets at the time) — the yardstick of the crashed net (`train-crashed-main.ts` logs its error on it).
 * Writes JSONL: a meta line, then one `CrashedRecord` per line.
 *
 *   node packages/ai/dist/train/crashed-set-main.js --positions 200 --trials 1296 --no-luck --games-seed 99
 *        [--workers 1] [--out packages/ai/bench-set/short-crashed.jsonl]
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seededRng } from '@nardy/engine';
import { rollout } from '../rollout/index.js';
import { crashedStart } from './crashed-starts.js';
import type { CrashedRecord } from './crashed-set.js';
import { flagArg, numberArg, stringArg } from './args.js';
import { shortEvaluatorLabel } from './provenance.js';

const count = numberArg('positions', 200);
const trials = numberArg('trials', 1296);
const workers = numberArg('workers', 1);
const gamesSeed = numberArg('games-seed', 99);
const luck = !flagArg('no-luck');
const out = stringArg('out', fileURLToPath(new URL('../../bench-set/short-crashed.jsonl', import.meta.url)));
const rng = seededRng(gamesSeed);
const started = Date.now();

writeFileSync(out, `${JSON.stringify({ variant: 'short', set: 'crashed', positions: count, trials, luck, players: 'expert', gamesSeed, evaluator: shortEvaluatorLabel(), made: new Date().toISOString().slice(0, 10) })}\n`);
for (let i = 0; i < count; i++) {
  const p = crashedStart(rng);
  const r = await rollout(p, { trials, luck, workers, seed: 1 });
  const record: CrashedRecord = { turn: p.turn, white: p.board.white, black: p.board.black, rollout: { ...r.probabilities, equity: r.equity, se: r.standardError.equity } };
  appendFileSync(out, `${JSON.stringify(record)}\n`);
  if ((i + 1) % 20 === 0) console.error(`${i + 1}/${count}: ${Math.round((Date.now() - started) / 1000)} s`);
}
console.log(JSON.stringify({ out, positions: count, seconds: Math.round((Date.now() - started) / 1000) }));
