#!/usr/bin/env node
// Two sets of nets compared move by move on the same positions, as gnubg judges them: a paired, fast stand-in for
// comparing their `play.py --analyse` figures (whose games differ, so that seed-to-seed spread hides a gain of a
// few tenths of a mEMG). Each set picks its turn at `--level` (default expert, 0-ply) in its own process
// (NARDY_WEIGHTS_DIR); where the two picks differ, gnubg values both results at `--ply` (cubeless money, the side on
// roll after the turn), and A is charged what its pick gives up against B's (negative: A's pick is better). The
// mean is over every decision with two or more distinct results (play.py's unforced moves), in mEMG a move, with
// its 95 % half-width. gnubg only measures: nothing here feeds training.
// Positions: `--positions F` (JSON lines with "pos" and "dice": `--save-positions` output, or the move lines of
// `bench/gnubg-error-log.py`, so the positions of games against gnubg), or `--source self --n N --seed S` (the
// committed nets' own expert games; `--save-positions F` keeps them for the next comparison).
// Match play: `--match N` gives each position a match context drawn by `--seed` (the score to N, the Crawford
// stage, the cube), `--cube-a match` / `--cube-b match` make that side pick under it (`cubefulPlayEquity`: match
// winning chances), and gnubg judges at that score (bench/gnubg-match-play.py, its normalised equity).
// Usage: node bench/gnubg-paired.js --a DIR|committed --b DIR|committed (--positions F… | --source self --n 5000 --seed 1) [--level expert] [--ply 2] [--split LEVEL] [--cube-a centred|match] [--cube-b centred|match] [--judge cubeless|cubeful] [--match N] [--json]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeGnubgPositionId } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { chooseTurn } from '../packages/ai/dist/choose.js';
import { pairedGain } from '../packages/train/dist/distill-data.js';
import { args, cubeOption, distinctResults, drawMatchCubes, judgeScript, matchOption, opt, parsePosition, runGnubg, throwPositions } from './gnubg-harness.js';

const level = opt('level', 'expert');
// `--cube centred|match` (the child), `--cube-a …`, `--cube-b …`: that side picks under a centred money cube, or
// under the position's match cube (`--match`), by `cubefulPlayEquity`, instead of by cubeless equity.

// The child: one line per position in, the ID of its pick's result (the opponent on roll) and the number of
// distinct results out.
if (args.includes('--picks')) {
  const items = readFileSync(0, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const matchCube = opt('cube', '') === 'match';
  const moneyCube = cubeOption('cube');
  const out = items.map((item) => {
    const position = parsePosition(item);
    const cube = matchCube ? item.cube : moneyCube;
    return JSON.stringify({
      after: makeGnubgPositionId(chooseTurn(position, item.dice, cube ? { level, cube } : { level }).after),
      results: distinctResults(position, item.dice),
    });
  });
  // Synchronously: process.exit would cut an asynchronous write to a pipe short.
  writeFileSync(1, out.join('\n') + '\n');
  process.exit(0);
}

const a = opt('a', '');
const b = opt('b', '');
if (!a || !b)
  throw new Error(
    'usage: node bench/gnubg-paired.js --a DIR|committed --b DIR|committed (--positions F… | --source self --n N --seed S) [--level expert] [--ply 2] [--json]',
  );
const ply = opt('ply', '2');
// Several --positions files may be given (comma-separated), read whole unless --n says otherwise.
const items = throwPositions(Number(opt('n', opt('positions', '') ? Infinity : 5000)), Number(opt('seed', 1)));
if (items.length === 0) throw new Error('no positions with a throw to compare');
const matchTo = matchOption();
if (matchTo > 0) drawMatchCubes(items, matchTo);
if (matchTo === 0 && [opt('cube-a', ''), opt('cube-b', '')].includes('match')) throw new Error('--cube-a/--cube-b match needs --match N');
const input = items.map((x) => JSON.stringify({ pos: x.pos, dice: x.dice, ...(x.cube ? { cube: x.cube } : {}) })).join('\n') + '\n';

/** The picks of the nets in `dir` ('committed': the package's own), one per position. */
function picksOf(dir, cubeKind) {
  const env = { ...process.env };
  if (dir === 'committed') delete env.NARDY_WEIGHTS_DIR;
  else env.NARDY_WEIGHTS_DIR = dir;
  const childArgs = [fileURLToPath(import.meta.url), '--picks', '--level', level, ...(cubeKind ? ['--cube', cubeKind] : [])];
  const lines = execFileSync(process.execPath, childArgs, { env, input, maxBuffer: 1 << 28 })
    .toString()
    .trim()
    .split('\n');
  if (lines.length !== items.length) throw new Error(`${dir}: ${lines.length} picks for ${items.length} positions`);
  return lines.map((l) => JSON.parse(l));
}
const picksA = picksOf(a, opt('cube-a', ''));
const picksB = picksOf(b, opt('cube-b', ''));

const decisions = items.map((_, i) => i).filter((i) => picksA[i].results > 1);
const differing = decisions.filter((i) => picksA[i].after !== picksB[i].after);
// `--judge cubeful`: gnubg's cubeful equity (centred cube, as its analysis judges chequer play) of each pick
// against the best play of the throw (evaluate.py), so A's pick gives up (its loss − B's); with `--match`, always,
// at the position's match score (gnubg-match-play.py). Default: cubeless equity of the two results alone.
const cubeful = matchTo > 0 || opt('judge', 'cubeless') === 'cubeful';
const judgeExtra = (i) => (matchTo > 0 ? { matchTo, cube: items[i].cube } : {});
const judged =
  differing.length === 0
    ? new Map()
    : cubeful
      ? new Map(
          runGnubg(
            judgeScript(matchTo),
            ['--ply', ply, ...(matchTo > 0 ? [] : ['--top', '1'])],
            differing.flatMap((i) =>
              ['a', 'b'].map((s) => ({
                id: `${i}/${s}`,
                pos: items[i].pos,
                dice: items[i].dice,
                ...judgeExtra(i),
                play: { next: (s === 'a' ? picksA : picksB)[i].after },
              })),
            ),
          ).map((r) => [r.id, r.chosen?.loss_mp === undefined ? undefined : -r.chosen.loss_mp / 1000]),
        )
      : new Map(
          runGnubg(
            fileURLToPath(new URL('gnubg-position-equity.py', import.meta.url)),
            ['--ply', ply],
            differing.flatMap((i) => [
              { id: `${i}/a`, pos: picksA[i].after },
              { id: `${i}/b`, pos: picksB[i].after },
            ]),
          ).map((r) => [r.id, r.equity]),
        );

// Cubeless, the values are the opponent's: A's pick gives up (its opponent's equity − B's opponent's equity).
// Cubeful, they are the mover's own (minus the loss), so the order is the other way round.
const losses = decisions.map((i) => {
  if (picksA[i].after === picksB[i].after) return 0;
  const ea = judged.get(`${i}/a`);
  const eb = judged.get(`${i}/b`);
  if (ea === undefined || eb === undefined) throw new Error(`gnubg did not value both picks of position ${items[i].pos} ${items[i].dice.join('-')}`);
  return cubeful ? eb - ea : ea - eb;
});
const { gain, ci95 } = pairedGain(
  losses,
  losses.map(() => 0),
);
// `--split LEVEL`: A − B split by whether LEVEL's search (this process's nets) picks B's turn, each part's sum over
// every decision (the parts add up to the whole); only the differing positions are searched.
const splitLevel = opt('split', '');
const split = splitLevel
  ? (() => {
      const parts = { [`${splitLevel} picks B's turn`]: 0, [`${splitLevel} picks another turn`]: 0 };
      decisions.forEach((i, k) => {
        if (losses[k] === 0) return;
        const position = parsePosition(items[i]);
        const same = makeGnubgPositionId(chooseTurn(position, items[i].dice, { level: splitLevel }).after) === picksB[i].after;
        parts[`${splitLevel} picks ${same ? "B's" : 'another'} turn`] += losses[k];
      });
      return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Number(((1000 * v) / decisions.length).toFixed(3))]));
    })()
  : undefined;
const report = {
  a,
  b,
  level,
  gnubgPly: Number(ply),
  judge: matchTo > 0 ? `match to ${matchTo}` : cubeful ? 'cubeful' : 'cubeless',
  decisions: decisions.length,
  differ: differing.length,
  aBetter: losses.filter((x) => x < 0).length,
  bBetter: losses.filter((x) => x > 0).length,
  aMinusB_mEMG: Number((1000 * gain).toFixed(3)),
  ci95: Number((1000 * ci95).toFixed(3)),
  ...(split ? { split } : {}),
};
console.log(
  args.includes('--json')
    ? JSON.stringify(report)
    : `${report.decisions} decisions, the picks differ in ${report.differ} (A better in ${report.aBetter}, B in ${report.bBetter}); A − B: ${report.aMinusB_mEMG} ± ${report.ci95} mEMG a move (gnubg ${ply}-ply, ${report.judge})${split ? `\n${JSON.stringify(split)}` : ''}`,
);
