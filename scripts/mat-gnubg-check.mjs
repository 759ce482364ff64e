#!/usr/bin/env node
// Feeds our short-nardy .mat export (cube actions and resignations too) to GNU Backgammon (`import mat`, then `export match mat`) and checks that gnubg
// reads every game: the same throws, the same positions after each turn (moves compared as sets, gnubg reorders
// them), the same cube actions and the same final score. N random matches (default 6), seed SEED.
// Usage: node scripts/mat-gnubg-check.mjs [N]   (needs `node scripts/build.mjs` and /usr/games/gnubg). Exit 1 on a difference.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apply, currentTurns, legalActions, newMatch, parseMat, seededRng, toAct, writeMat } from '../packages/engine/dist/index.js';

const gnubg = process.env.GNUBG ?? '/usr/games/gnubg';
const n = Number(process.argv[2] ?? 6);
const rnd = seededRng(Number(process.env.SEED ?? 20261205));
const die = () => 1 + Math.floor(rnd() * 6);

/** A random 5-point match (or a money game) under gnubg's rules: cube, Crawford; no ties written (gnubg has none). */
function randomMatch(i) {
  const settings = { variant: 'short', matchLength: i % 3 === 2 ? 0 : 5 };
  let s = newMatch(settings).value;
  const actions = [];
  const push = (a) => {
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
    actions.push(a);
  };
  while (s.phase !== 'matchOver' && !(settings.matchLength === 0 && s.games.length === 1)) {
    const u = rnd();
    const seat = toAct(s);
    if (s.phase === 'opening') {
      const p1 = die();
      let p2 = die();
      while (p2 === p1) p2 = die();
      push({ type: 'opening', dice: { p1, p2 } });
    } else if (s.phase === 'turnStart') {
      if (u > 0.995) {
        // Now and then a game given up: gnubg reads a win with the game in play as a resignation.
        push({ type: 'resign', seat, level: 'single' });
        push({ type: 'acceptResign', seat: seat === 'p1' ? 'p2' : 'p1' });
      } else if (u < 0.08 && legalActions(s).some((a) => a.type === 'double')) push({ type: 'double', seat });
      else push({ type: 'roll', seat, dice: [die(), die()] });
    } else if (s.phase === 'moving') {
      const turns = currentTurns(s);
      const t = turns[Math.floor(rnd() * turns.length)];
      push({ type: 'move', seat, steps: t ? t.steps.map((x) => ({ from: x.from, to: x.to })) : [] });
    } else if (s.phase === 'cubeOffered') push({ type: u < 0.7 ? 'take' : 'pass', seat });
  }
  return { settings: s.settings, actions, names: { p1: 'Alice', p2: 'Bob' } };
}

/** Each numbered line's entries with the moves as sorted sets, so that gnubg's reordering does not count. */
const canonical = (text) =>
  text
    .split('\n')
    .filter((l) => /^\s*\d+\)|Wins|Game|:\s*\d/.test(l) && !l.startsWith(';'))
    .map((l) =>
      l
        .replace(/(\d\d:)((?:\s+\d+\/\d+\*?)*)/g, (_, d, m) => `${d} ${m.trim().split(/\s+/).sort().join(' ')}`)
        .replace(/\s+/g, ' ')
        .replace(/ and the match| \(Crawford\)/, '')
        .trim(),
    );

const work = mkdtempSync(join(tmpdir(), 'mat-gnubg-'));
let bad = 0;
try {
  for (let i = 0; i < n; i++) {
    const m = randomMatch(i);
    const ours = writeMat(m);
    if (!parseMat(ours).ok) throw new Error('our own file does not read back');
    const file = join(work, `m${i}.mat`);
    const back = join(work, `m${i}-gnubg.mat`);
    writeFileSync(file, ours);
    const run = spawnSync(gnubg, ['-t', '-q'], { input: `import mat ${file}\nexport match mat ${back}\n`, encoding: 'utf8', timeout: 60_000 });
    const out = `${run.stdout}${run.stderr}`;
    const warnings = out.split('\n').filter((l) => /warning|unrecognised|invalid|illegal|not a valid/i.test(l) && !/bearoff|database/i.test(l));
    const a = canonical(ours);
    const b = canonical(readFileSync(back, 'utf8'));
    const diff = a.findIndex((l, k) => l !== b[k]);
    if (warnings.length || diff >= 0 || a.length !== b.length) {
      bad++;
      console.log(`match ${i}: gnubg ${warnings.join(' | ') || `reads it differently at entry ${diff}: ours '${a[diff]}', gnubg '${b[diff]}'`}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${n - bad} of ${n} exported matches read by gnubg as we wrote them`);
process.exit(bad ? 1 : 0);
