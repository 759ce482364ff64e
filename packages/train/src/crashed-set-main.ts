/**
 * The crashed test set of short nardy: `--positions` generated crashed positions (`crashed-starts.ts`, seed
 * `--games-seed`, apart from the training seeds), each rolled out to the end (`--trials`, players at `expert`, the
 * committed nets at the time) — the yardstick of the crashed net (`train-crashed-main.ts` logs its error on it).
 * Writes JSONL: a meta line, then one `CrashedRecord` per line.
 *
 * `--from-play`: instead, positions from our own `expert` self-play (seed `--games-seed`): in each game that reaches
 * one, a random position where a side has crashed (six or fewer checkers in play, `liveCheckers`) while the
 * armies still meet — what real games bring, not what the trainer generates; `--none-off` keeps only those where
 * such a side has not yet borne off (`bench/crashed-class.js` compares the crashed and contact nets on them).
 *
 *   npm run train -- crashed-set --positions 200 --trials 1296 --no-luck --games-seed 99
 *        [--workers 1] [--from-play [--none-off]] [--out packages/train/bench-set/short-crashed.jsonl]
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OFF, opposite, seededRng, startPosition, winnerOf, type Position, type Rng } from '@nardy/engine';
import { chooseTurn, rollout } from '@nardy/ai';
import { hasCrashed, shortClassOf } from '@nardy/ai/lab';
import { workerTrials } from '@nardy/ai/node';
import { crashedStart } from './crashed-starts.js';
import type { CrashedRecord } from './crashed-set.js';
import { flagArg, numberArg, stringArg } from './args.js';
import { throwDice } from './td.js';
import { shortEvaluatorLabel } from './provenance.js';

const count = numberArg('positions', 200);
const trials = numberArg('trials', 1296);
const workers = numberArg('workers', 1);
const gamesSeed = numberArg('games-seed', 99);
const luck = !flagArg('no-luck');
const fromPlay = flagArg('from-play');
const noneOff = flagArg('none-off');
const out = stringArg('out', fileURLToPath(new URL('../bench-set/short-crashed.jsonl', import.meta.url)));
const rng = seededRng(gamesSeed);
const started = Date.now();

/** A side has crashed, contact remains, and (with --none-off) a crashed side has none off. */
function crunched(p: Position): boolean {
  const sides = [p.board[p.turn], p.board[opposite(p.turn)]] as const;
  if (shortClassOf(...sides) === 'race') return false;
  return sides.some((s) => hasCrashed(s) && (!noneOff || s[OFF] === 0));
}

/** One such position from the next self-play game that reaches one (`expert` both sides). */
function playedCrunched(rng: Rng): Position {
  for (;;) {
    let pos = startPosition('short', rng() < 0.5 ? 'white' : 'black');
    const met: Position[] = [];
    while (!winnerOf(pos)) {
      if (crunched(pos)) met.push(pos);
      pos = chooseTurn(pos, throwDice(rng), { level: 'expert' }).after;
    }
    if (met.length > 0) return met[Math.floor(rng() * met.length)]!;
  }
}

writeFileSync(
  out,
  `${JSON.stringify({ variant: 'short', set: 'crashed', positions: count, trials, luck, players: 'expert', gamesSeed, ...(fromPlay ? { from: noneOff ? 'play, none off' : 'play' } : {}), evaluator: shortEvaluatorLabel(), made: new Date().toISOString().slice(0, 10) })}\n`,
);
for (let i = 0; i < count; i++) {
  const p = fromPlay ? playedCrunched(rng) : crashedStart(rng);
  const r = await rollout(p, { trials, luck, seed: 1, ...(workers > 0 ? { runner: workerTrials(workers) } : {}) });
  const record: CrashedRecord = {
    turn: p.turn,
    white: p.board.white,
    black: p.board.black,
    rollout: { ...r.probabilities, equity: r.equity, se: r.standardError.equity },
  };
  appendFileSync(out, `${JSON.stringify(record)}\n`);
  if ((i + 1) % 20 === 0) console.error(`${i + 1}/${count}: ${Math.round((Date.now() - started) / 1000)} s`);
}
console.log(JSON.stringify({ out, positions: count, seconds: Math.round((Date.now() - started) / 1000) }));
