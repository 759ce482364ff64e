#!/usr/bin/env node
// Our chequer-play error as gnubg judges it, on positions met while gnubg's two random players play (a fast proxy for the
// issue's `play.py --analyse` figure, used to follow training). gnubg only measures: it scores the turn our
// bot chose against its best at --ply (evaluate.py, cubeful money equity, centred cube).
// --source self: positions from our bot's own expert games instead (the kind real games reach); --source back-game:
// the same from generated back games (`backGameStart`).
// --level gnubg0: gnubg's own 0-ply picks on the same positions, judged the same way (the issue's reference).
// --by-class: the loss split by gnubg's position classes (bear-off, race, crashed, contact), to see where it comes from.
// --cube centred: our turns chosen by cubeful equity under a centred money cube (`cubefulPlayEquity`), as gnubg's own are.
// Usage: node bench/gnubg-error.js [--n 300] [--seed 11] [--level expert|gnubg0|…] [--ply 2] [--source random|self|back-game] [--positions F | --save-positions F (as in gnubg-cube-error.js)] [--by-class] [--cube centred] [--json] [--dump: decisions losing > 30 mp on stderr]
// Needs gnubg (apt-get install gnubg) and ../shared/tools/gnubg.
import { opposite } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { homeNumber } from '../packages/ai/dist/bearoff/index.js';
import { rankTurns } from '../packages/ai/dist/choose.js';
import { shortClassOf } from '../packages/ai/dist/net/short-evaluator.js';
import { afterId, args, benchPositions, cubeOption, decideAll, distinctResults, opt, runGnubg } from './gnubg-harness.js';

const n = Number(opt('n', 300));
const seed = Number(opt('seed', 11));
const level = opt('level', 'expert');
const ply = Number(opt('ply', 2));
const source = opt('source', 'random');
const cube = cubeOption('cube');
const positions = benchPositions(source, n, seed);
// Both sides home: the bear-off databases decide, no net.
const classOf = (position) => {
  const me = position.board[position.turn];
  const them = position.board[opposite(position.turn)];
  return homeNumber(me) !== undefined && homeNumber(them) !== undefined ? 'bearoff' : shortClassOf(me, them);
};
const classById = new Map();
/** Our level's pick at each decision, timed. */
const ourRequests = () =>
  decideAll(positions, (position, p) => {
    classById.set(p.id, classOf(position));
    const ranked = rankTurns(position, p.dice, cube ? { level, cube } : { level });
    if (ranked.length < 2) return []; // forced or no move: not a decision
    return [{ id: p.id, pos: p.pos, dice: p.dice, play: { after: afterId(position, ranked[0].turn) } }];
  });

/**
 * gnubg 0-ply's own pick at the same decisions (its best play by evaluate.py at 0-ply, cubeful as in play): the
 * reference the issue holds our 0-ply to, judged the same way.
 */
function gnubgZeroRequests() {
  const { requests: decisions } = decideAll(positions, (position, p) => {
    classById.set(p.id, classOf(position));
    return distinctResults(position, p.dice) >= 2 ? [{ id: p.id, pos: p.pos, dice: p.dice }] : [];
  });
  const picks = runGnubg('evaluate.py', ['--ply', '0', '--top', '1'], decisions);
  return { requests: picks.map((e) => ({ id: e.id, pos: e.pos, dice: e.dice, play: { after: e.plays[0].after } })), msPerPosition: NaN };
}

const { requests, msPerPosition } = level === 'gnubg0' ? gnubgZeroRequests() : ourRequests();
const evals = runGnubg('evaluate.py', ['--ply', String(ply), '--top', '1'], requests);
if (args.includes('--dump'))
  for (const e of evals)
    if (e.chosen && e.chosen.loss_mp > 30)
      console.error(JSON.stringify({ pos: e.pos, dice: e.dice, loss: e.chosen.loss_mp, chosen: e.chosen.move, best: e.plays?.[0]?.move }));
const judged = evals.filter((e) => e.chosen && typeof e.chosen.loss_mp === 'number');
const losses = judged.map((e) => e.chosen.loss_mp);
const errors = evals.filter((e) => !e.chosen || e.chosen.error);
const mean = losses.reduce((a, b) => a + b, 0) / losses.length;
const result = {
  level,
  source,
  gnubgPly: ply,
  decisions: losses.length,
  meanLossMp: Number(mean.toFixed(1)),
  blunders: losses.filter((l) => l > 80).length,
  illegal: errors.length,
  msPerDecision: Number(msPerPosition.toFixed(1)),
};
if (args.includes('--by-class')) {
  // Per class: decisions, mean loss, and its share of the whole loss (what fixing that class could win).
  const total = losses.reduce((a, b) => a + b, 0);
  result.byClass = {};
  for (const cls of ['contact', 'crashed', 'race', 'bearoff']) {
    const l = judged.filter((e) => classById.get(e.id) === cls).map((e) => e.chosen.loss_mp);
    const sum = l.reduce((a, b) => a + b, 0);
    result.byClass[cls] = { decisions: l.length, meanLossMp: Number((sum / Math.max(1, l.length)).toFixed(1)), shareOfLoss: Number((sum / total).toFixed(3)) };
  }
}
console.log(
  args.includes('--json')
    ? JSON.stringify(result)
    : `${level}: ${result.meanLossMp} mp lost per decision (gnubg ${ply}-ply judge, ${result.decisions} non-forced decisions, ${result.blunders} over 80 mp, ${result.illegal} not legal)${result.byClass ? `\n${JSON.stringify(result.byClass)}` : ''}`,
);
