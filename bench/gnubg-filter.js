#!/usr/bin/env node
// Two move filters for a level, compared where they matter: on positions of our own `expert` games (as
// gnubg-error.js --source self), the level picks its turn with its own filters and with --filters; gnubg judges
// (evaluate.py at --ply) only the decisions where the two picks differ, and the result is the loss each way over
// those, and the difference per decision of the whole set (negative: --filters is better). Same positions, same
// nets: only the filter differs, so a few dozen judged decisions measure what a full run of thousands would.
// Usage: node bench/gnubg-filter.js --filters 8,0.16[/8,0.16/2,0.04] [--level worldclass] [--n 2000] [--seed 31]
//        [--positions F | --save-positions F] [--ply 2] [--json]
// Needs gnubg (apt-get install gnubg) and ../shared/tools/gnubg.
import '../packages/ai/dist/node/install.js';
import { rankTurns } from '../packages/ai/dist/choose.js';
import { LEVEL_SETTINGS } from '../packages/ai/dist/levels.js';
import { afterId, args, benchPositions, decideAll, opt, runGnubg } from './gnubg-harness.js';

const level = opt('level', 'worldclass');
const ply = Number(opt('ply', 2));
const given = opt('filters', '');
if (!given) throw new Error("--filters keep,within[/keep,within…]: the filters to compare with the level's own");
// The filters given replace the level's first ones; the rest stay the level's.
const filters = [...LEVEL_SETTINGS[level].filters];
given.split('/').forEach((f, i) => {
  const [keep, within] = f.split(',').map(Number);
  if (!(keep >= 1) || !(within >= 0)) throw new Error(`--filters: "${f}" is not keep,within`);
  filters[i] = { keep, within };
});
const positions = benchPositions('self', Number(opt('n', 2000)), Number(opt('seed', 31)));
let decisions = 0;
const { requests } = decideAll(positions, (position, p) => {
  const own = rankTurns(position, p.dice, { level });
  if (own.length < 2) return []; // forced or no move: not a decision
  decisions++;
  const a = afterId(position, own[0].turn);
  const b = afterId(position, rankTurns(position, p.dice, { level, filters })[0].turn);
  return a === b
    ? []
    : [
        { id: `${p.id}/own`, pos: p.pos, dice: p.dice, play: { after: a } },
        { id: `${p.id}/given`, pos: p.pos, dice: p.dice, play: { after: b } },
      ];
});
const evals = requests.length > 0 ? runGnubg('evaluate.py', ['--ply', String(ply), '--top', '1'], requests) : [];
const loss = { own: 0, given: 0 };
for (const e of evals) {
  if (typeof e.chosen?.loss_mp !== 'number') throw new Error(`gnubg could not judge ${e.id}: ${JSON.stringify(e.chosen)}`);
  loss[String(e.id).endsWith('/own') ? 'own' : 'given'] += e.chosen.loss_mp;
}
const r = (x) => Number(x.toFixed(2));
const result = {
  level,
  own: LEVEL_SETTINGS[level].filters,
  given: filters,
  gnubgPly: ply,
  decisions,
  differ: evals.length / 2,
  lossMp: { own: r(loss.own), given: r(loss.given) },
  mpPerDecision: r((loss.given - loss.own) / Math.max(1, decisions)),
};
console.log(
  args.includes('--json')
    ? JSON.stringify(result)
    : `${level}: ${result.differ} of ${decisions} decisions differ; --filters ${given} ${result.mpPerDecision >= 0 ? 'loses' : 'saves'} ${Math.abs(result.mpPerDecision)} mp per decision (gnubg ${ply}-ply judge: ${result.lossMp.own} → ${result.lossMp.given} mp over the differing ones)`,
);
