#!/usr/bin/env node
// Where the bot's chequer error comes from, by our position classes: reads the lines of `bench/gnubg-error-log.py`
// (gnubg's analysis of a play.py session, one line per unforced move) and splits the moves and their error by the
// class our evaluator gives the position before the move (bear-off tables, race, crashed, contact net), and by the
// size of each error. Each log's moves must add up to play.py's own summary in it (unforced moves, chequer error),
// or the script stops: a board replayed wrongly would be split under the wrong class. gnubg only judges here;
// nothing read or written feeds training.
// `--deeper LEVEL` (e.g. worldclass) also splits the error by whether our search at LEVEL picks another turn than
// `expert` (0-ply) in the same position: the part of the 0-ply error that distilling the deeper search can reach
// (run it with the bot's NARDY_WEIGHTS_DIR, so that both searches use the nets that played).
// Usage: node bench/error-classes.js LOG… [--top N] [--deeper LEVEL] [--json]
import { readFileSync } from 'node:fs';
import { boardKey, opposite, parseGnubgPositionId } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { chooseTurn } from '../packages/ai/dist/index.js';
import { exactEvaluator } from '../packages/ai/dist/evaluator.js';
import { shortClassOf } from '../packages/ai/dist/net/short-evaluator.js';

const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const files = args.filter((a, i) => !a.startsWith('--') && !['--top', '--deeper'].includes(args[i - 1]));
if (files.length === 0) {
  console.error('usage: node bench/error-classes.js LOG… [--top N] [--deeper LEVEL] [--json]');
  process.exit(2);
}
const top = Number(flag('--top') ?? 0);
const deeper = /** @type {import('../packages/ai/dist/levels.js').Level | undefined} */ (flag('--deeper'));
const exact = exactEvaluator('short');
// gnubg's marks: doubtful from 0.04, bad from 0.08, very bad from 0.16 (equity at a cube of 1).
const SIZES = [
  ['under 0.04', 0.04],
  ['0.04 to 0.08', 0.08],
  ['0.08 to 0.16', 0.16],
  ['0.16 and over', Infinity],
];
const sizeOf = (m) => /** @type {(typeof SIZES)[number]} */ (SIZES.find(([, below]) => m.error < below))[0];

const moves = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'));
  const play = lines.map((l) => JSON.parse(l)).find((o) => o.summary === 'money games')?.analysis;
  const logged = lines.filter((l) => l.startsWith('{"game"') && l.includes('"pos"')).map((l) => JSON.parse(l));
  const sum = logged.reduce((s, m) => s + m.error, 0);
  if (!play || play.unforced !== logged.length || Math.abs(play.chequer_error - sum) > 1e-6 * (logged.length + 1)) {
    console.error(`${file}: the moves logged (${logged.length}, error ${sum.toFixed(4)}) do not add up to play.py's analysis (${JSON.stringify(play)})`);
    process.exit(1);
  }
  for (const m of logged) {
    const p = parseGnubgPositionId(m.pos, 'short');
    if (!p.ok) throw new Error(`${file}: ${m.pos}: ${p.error.message}`);
    const pos = p.value;
    const me = pos.board[pos.turn];
    const them = pos.board[opposite(pos.turn)];
    const cls = exact(pos) ? 'bearoff' : shortClassOf(me, them);
    const dice = m.dice;
    const differs = deeper && boardKey(chooseTurn(pos, dice, { level: 'expert' }).after) !== boardKey(chooseTurn(pos, dice, { level: deeper }).after);
    moves.push({ ...m, cls, file, ...(deeper ? { deeper: differs ? `${deeper} picks another turn` : `${deeper} picks the same` } : {}) });
  }
}
const total = moves.reduce((s, m) => s + m.error, 0);
const tally = (pick) => {
  const out = {};
  for (const m of moves) {
    const t = (out[pick(m)] ??= { moves: 0, error: 0 });
    t.moves++;
    t.error += m.error;
  }
  for (const t of Object.values(out)) {
    t.mEMGPerMove = Number(((1000 * t.error) / t.moves).toFixed(2));
    t.shareOfMoves = Number((t.moves / moves.length).toFixed(3));
    t.shareOfError = Number((t.error / total).toFixed(3));
    t.error = Number(t.error.toFixed(4));
  }
  return out;
};
/** @type {Record<string, any>} */
const report = {
  moves: moves.length,
  error: Number(total.toFixed(4)),
  mEMGPerMove: Number(((1000 * total) / moves.length).toFixed(2)),
  byClass: tally((m) => m.cls),
  bySize: tally(sizeOf),
  byClassAndSize: tally((m) => `${m.cls}, ${sizeOf(m)}`),
  ...(deeper ? { byDeeper: tally((m) => m.deeper), byDeeperAndSize: tally((m) => `${m.deeper}, ${sizeOf(m)}`) } : {}),
};
if (top > 0)
  report.largest = [...moves]
    .sort((a, b) => b.error - a.error)
    .slice(0, top)
    .map(({ game, pos, dice, error, cls, played, best }) => ({ game, pos, dice, error, cls, played, best }));
if (args.includes('--json')) console.log(JSON.stringify(report));
else {
  console.log(`${report.moves} unforced moves, ${report.mEMGPerMove} mEMG a move`);
  for (const key of ['byClass', 'bySize', 'byClassAndSize', 'byDeeper', 'byDeeperAndSize'].filter((k) => report[k])) {
    console.log(`\n${key}`);
    for (const [k, t] of Object.entries(report[key])) {
      console.log(
        `  ${k.padEnd(48)} ${String(t.moves).padStart(6)} moves (${(100 * t.shareOfMoves).toFixed(1)} %)  ${t.mEMGPerMove.toFixed(2).padStart(6)} mEMG a move  ${(100 * t.shareOfError).toFixed(1)} % of the error`,
      );
    }
  }
  for (const m of report.largest ?? [])
    console.log(`  ${m.pos} ${m.dice.join('-')} ${m.error.toFixed(3)} ${m.cls} (game ${m.game}): played ${m.played ?? '?'}, gnubg ${m.best ?? '?'}`);
}
