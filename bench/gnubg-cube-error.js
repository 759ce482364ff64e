#!/usr/bin/env node
// Our cube decisions as gnubg judges them, money play with a centred cube (no Jacoby), on positions before the
// roll from our bot's own games (`--source self`, default: both sides `expert`, every third position, seeded;
// the positions real games reach), from such games begun in generated back games (`--source back-game`:
// `backGameStart`, where the nets misjudged worst) or from gnubg's random-play games (`--source random`): for each, our doubling decision (double / no double) and our answer to a double (take / pass)
// at --level (its cube look-ahead, `cubePlies` in levels.ts), each scored by gnubg at --ply (evaluate.py:
// the loss of the chosen action against gnubg's best, millipoints of the cube value). gnubg only measures.
// --level gnubg0: gnubg's own 0-ply decisions on the same positions, judged the same way (the reference).
// --cube-plies N: the level's cube look-ahead replaced by N throws (to see what a deeper cube search buys).
// --positions FILE / --save-positions FILE: read the positions from, or write them to, a file (to judge two sets of
// nets on the same positions: our games change with the nets).
// --match N: match play instead, each position given a match context drawn by --seed where the side on roll may
// double (`drawMatchCubes`: the score, the stage, a centred cube or its own 2-cube), judged by gnubg at that score
// (bench/gnubg-match-play.py, normalised equity).
// Usage: node bench/gnubg-cube-error.js [--n 1000] [--seed 21] [--positions F | --save-positions F] [--level worldclass|gnubg0|…] [--cube-plies N] [--ply 2] [--source self|back-game|random] [--match N] [--json]
// Needs gnubg (apt-get install gnubg) and ../shared/tools/gnubg.
import '../packages/ai/dist/node/install.js';
import { cubeDecision, cubeEvaluator } from '../packages/ai/dist/index.js';
import { args, benchPositions, decideAll, drawMatchCubes, judgeScript, matchOption, opt, runGnubg } from './gnubg-harness.js';

const n = Number(opt('n', 1000));
const seed = Number(opt('seed', 21));
const level = opt('level', 'worldclass');
const ply = Number(opt('ply', 2));
const source = opt('source', 'self');
const cubePlies = opt('cube-plies', '');

const positions = benchPositions(source, n, seed);
const matchTo = matchOption();
if (matchTo > 0) drawMatchCubes(positions, matchTo, { forCube: true });
const judge = judgeScript(matchTo);
/** gnubg's request for a position's cube decision: money, a centred cube; a match, its drawn context. */
const cubeRequest = (p) => (matchTo > 0 ? { id: p.id, pos: p.pos, matchTo, cube: p.cube } : { id: p.id, pos: p.pos, cube: { value: 1, owner: 'centre' } });
const asRequests = (p, double, take) => [
  { ...cubeRequest(p), id: `${p.id}/d`, action: double ? 'double' : 'nodouble' },
  { ...cubeRequest(p), id: `${p.id}/t`, action: take ? 'take' : 'drop' },
];

/** Ours at the level, timed. */
function ourRequests() {
  const evaluator = cubeEvaluator(level, cubePlies === '' ? {} : { cubePlies: Number(cubePlies) });
  return decideAll(positions, (position, p) => {
    const d =
      matchTo > 0
        ? cubeDecision(position, { value: p.cube.value, owner: p.cube.owner }, { away: p.cube.away, stage: p.cube.stage, evaluator })
        : cubeDecision(position, { value: 1, owner: 'centred' }, { jacoby: false, beaver: false, evaluator });
    return asRequests(p, d.action === 'double', d.response !== 'pass');
  });
}

/** gnubg 0-ply's, read from its recommendation ("Double, take", "Too good to double, pass", "No double, beaver", "Never double, take (dead cube)" …). */
function gnubgZeroRequests() {
  const asked = new Map(runGnubg(judge, ['--ply', '0'], positions.map(cubeRequest)).map((e) => [e.id, e]));
  const lines = positions.flatMap((p) => {
    const { recommendation } = asked.get(p.id).cube;
    return asRequests(p, /^(Re)?[Dd]ouble/.test(recommendation), /, (take|beaver)\b/i.test(recommendation));
  });
  return { requests: lines, msPerPosition: NaN };
}

const { requests, msPerPosition } = level === 'gnubg0' ? gnubgZeroRequests() : ourRequests();
const evals = runGnubg(judge, ['--ply', String(ply)], requests);
const part = (suffix) => evals.filter((e) => String(e.id).endsWith(suffix) && typeof e.cube?.loss_mp === 'number');
const summary = (judged) => {
  const losses = judged.map((e) => e.cube.loss_mp);
  const byAction = {};
  for (const e of judged) if (e.cube.loss_mp > 0.5) byAction[e.cube.action] = (byAction[e.cube.action] ?? 0) + 1;
  return {
    decisions: losses.length,
    meanLossMp: Number((losses.reduce((a, b) => a + b, 0) / Math.max(1, losses.length)).toFixed(2)),
    wrong: losses.filter((l) => l > 0.5).length,
    // Which of our answers were the wrong ones: "double" = doubled too soon, "nodouble" = missed a double …
    wrongByAction: byAction,
    over50mp: losses.filter((l) => l > 50).length,
  };
};
const result = {
  level,
  ...(cubePlies !== '' ? { cubePlies: Number(cubePlies) } : {}),
  gnubgPly: ply,
  source,
  ...(matchTo > 0 ? { matchTo } : {}),
  positions: positions.length,
  double: summary(part('/d')),
  take: summary(part('/t')),
  msPerPosition: Number(msPerPosition.toFixed(1)),
};
console.log(
  args.includes('--json')
    ? JSON.stringify(result)
    : `${level}: doubling ${result.double.meanLossMp} mp per position (${result.double.wrong} wrong, ${result.double.over50mp} over 50 mp), taking ${result.take.meanLossMp} mp (${result.take.wrong} wrong, ${result.take.over50mp} over 50 mp); gnubg ${ply}-ply judge, ${result.positions} positions (${source})${Number.isNaN(msPerPosition) ? '' : `, ${result.msPerPosition} ms per position`}`,
);
