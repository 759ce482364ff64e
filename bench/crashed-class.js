#!/usr/bin/env node
// Which net should value a crashed position: short nardy's crashed net or its contact net, against our own rollouts
// of a crashed set (`crashed-set-main.js`: generated starts, or `--from-play` positions from our games). For every
// position, both nets' static evaluations beside the rollout: mean absolute error of the winning chance, of the
// gammons (win mars, lose mars) and of the cubeless equity, split by whether a crashed side (≤ 6 checkers in
// play) has borne off yet. Our rollouts are the yardstick; gnubg plays no part.
// Usage: node bench/crashed-class.js [packages/train/bench-set/short-crashed-played.jsonl …] [--json]
import { readFileSync } from 'node:fs';
import { OFF, opposite } from '../packages/engine/dist/index.js';
import '../packages/ai/dist/node/install.js';
import { loadFamily } from '../packages/ai/dist/net/committed-nets.js';
import { NetEvaluator } from '../packages/ai/dist/net/net-evaluator.js';
import { SHORT_FAMILY, hasCrashed } from '../packages/ai/dist/net/short-evaluator.js';
import { cubelessEquity } from '../packages/ai/dist/probabilities.js';
import { parseCrashedSet, recordPosition } from '../packages/train/dist/crashed-set.js';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) files.push(new URL('../packages/train/bench-set/short-crashed-played.jsonl', import.meta.url).pathname);
const nets = loadFamily(SHORT_FAMILY);
// The same nets, each position forced to one of them (race and bear-off positions are not in these sets).
const forced = (cls) => new NetEvaluator({ ...SHORT_FAMILY, classOf: () => cls }, nets);
const judges = { crashedNet: forced('crashed'), contactNet: forced('contact') };
const measures = ['win', 'winMars', 'loseMars', 'equity'];

const report = {};
for (const file of files) {
  const groups = {};
  for (const r of parseCrashedSet(readFileSync(file, 'utf8'))) {
    const p = recordPosition(r);
    const sides = [p.board[p.turn], p.board[opposite(p.turn)]];
    const key = sides.some((s) => hasCrashed(s) && s[OFF] === 0) ? 'noneOff' : 'someOff';
    const g = (groups[key] ??= { positions: 0, ...Object.fromEntries(Object.keys(judges).map((j) => [j, [0, 0, 0, 0]])) });
    g.positions++;
    for (const [name, judge] of Object.entries(judges)) {
      const e = judge.evaluate(p);
      const got = [e.win, e.winMars, e.loseMars, cubelessEquity(e, 'koks')];
      const truth = [r.rollout.win, r.rollout.winMars, r.rollout.loseMars, r.rollout.equity];
      got.forEach((x, i) => (g[name][i] += Math.abs(x - truth[i])));
    }
  }
  for (const g of Object.values(groups)) {
    for (const j of Object.keys(judges)) g[j] = Object.fromEntries(measures.map((m, i) => [m, Number((g[j][i] / g.positions).toFixed(3))]));
  }
  report[file.split('/').pop()] = groups;
}
if (args.includes('--json')) console.log(JSON.stringify(report));
else {
  for (const [file, groups] of Object.entries(report)) {
    for (const [key, g] of Object.entries(groups)) {
      const line = (j) => measures.map((m) => g[j][m].toFixed(3)).join(' / ');
      console.log(
        `${file}, crashed side ${key === 'noneOff' ? 'with none off' : 'bearing off'} (${g.positions}): mean abs. error win / win mars / lose mars / equity — crashed net ${line('crashedNet')}, contact net ${line('contactNet')}`,
      );
    }
  }
}
