/**
 * Builds the long-nardy benchmark set (issue 6 item 4): positions from self-play of the bot at `expert` (the
 * variant's strongest static evaluator, `evaluator.ts`), stratified by phase (`bench-set.ts`: opening, contact,
 * race, bear-off — an equal quota each, at most one position per phase per game, only throws where the
 * candidates' 0-ply equities differ by 0.01 or more: a real decision, not a decided game).
 * For each: the throw, and the candidates — the best `--candidates` by 0-ply, the 2-ply (`worldclass`) choice,
 * and the game's own choice — ranked by rollouts (`rollout-rank.ts`: `--trials` per candidate, players at
 * `expert`, luck adjustment unless `--no-luck`, `--truncate` half-moves then the static evaluation; 0 = to the end). Writes JSONL:
 * a meta line, then one `BenchRecord` per line. Score a chooser with `npm run train -- bench-set-score`.
 *
 *   sample (committed, packages/train/bench-set/long-sample.jsonl):
 *     npm run train -- bench-set --positions 100 --trials 72 --truncate 10 --out packages/train/bench-set/long-sample.jsonl
 *   full size (packages/train/bench-set/long.jsonl):
 *     npm run train -- bench-set --positions 1000 --trials 1296 --truncate 0 --workers 16
 *   options: [--candidates 5] [--seed 1] [--games-seed 1] [--no-luck]
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeLongPositionId, seededRng, startPosition, winnerOf, type Dice, type Position, type Turn } from '@nardy/engine';
import { chooseTurn, rankTurns } from '@nardy/ai';
import { afterKey, PHASES, phaseOf, type BenchRecord, type Phase } from './bench-set.js';
import { rankByRollout, rankSettings } from './rollout-rank.js';
import { throwDice } from './td.js';
import { longEvaluatorLabel } from './provenance.js';
import { flagArg, numberArg, stringArg } from './args.js';

const count = numberArg('positions', 1000);
const keep = numberArg('candidates', 5);
const settings = rankSettings(numberArg, { trials: 1296, truncate: 0, seed: 1, workers: 0 }, flagArg('no-luck'));
const out = stringArg('out', fileURLToPath(new URL('../bench-set/long.jsonl', import.meta.url)));
const games = seededRng(numberArg('games-seed', 1));
const started = Date.now();
// Read first: the nets' files may be replaced by a training run while this one goes on.
const evaluator = longEvaluatorLabel();

/** A throw counts as a decision when the 0-ply equities of its best candidates differ by this much (decided games drop out). */
const MIN_SPREAD = 0.01;

interface Spot {
  readonly position: Position;
  readonly dice: Dice;
  readonly halfMoves: number;
  readonly chosen: Turn;
}

/** One self-play game at `expert`: the positions where the throw leaves a choice, by phase. */
function playOne(starter: 'white' | 'black'): Map<Phase, Spot[]> {
  const spots = new Map<Phase, Spot[]>();
  let position = startPosition('long', starter);
  for (let h = 0; !winnerOf(position); h++) {
    const dice = throwDice(games);
    const ranked = rankTurns(position, dice, { level: 'expert' });
    const chosen = chooseTurn(position, dice, { level: 'expert' });
    if (ranked.length >= 2 && ranked[0]!.equity - ranked[Math.min(keep, ranked.length) - 1]!.equity >= MIN_SPREAD) {
      const phase = phaseOf(position, h);
      spots.set(phase, [...(spots.get(phase) ?? []), { position, dice, halfMoves: h, chosen }]);
    }
    position = chosen.after;
  }
  return spots;
}

/** The candidates: the best `keep` at 0-ply, the 2-ply choice and the game's choice, each once. */
function candidates(spot: Spot): Turn[] {
  const turns = [
    ...rankTurns(spot.position, spot.dice, { level: 'expert' })
      .slice(0, keep)
      .map((r) => r.turn),
    ...rankTurns(spot.position, spot.dice, { level: 'worldclass' })
      .slice(0, 1)
      .map((r) => r.turn),
    spot.chosen,
  ];
  const seen = new Set<string>();
  return turns.filter((t) => !seen.has(afterKey(t)) && seen.add(afterKey(t)));
}

const quota = Object.fromEntries(PHASES.map((p, i) => [p, Math.floor(count / PHASES.length) + (i < count % PHASES.length ? 1 : 0)])) as Record<Phase, number>;
const picked: (Spot & { phase: Phase })[] = [];
for (let g = 0; picked.length < count; g++) {
  if (g > 100 * count) throw new Error('bench set: too few positions of some phase');
  for (const [phase, spots] of playOne(g % 2 === 0 ? 'white' : 'black')) {
    if (quota[phase] === 0) continue;
    quota[phase]--;
    picked.push({ ...spots[Math.floor(games() * spots.length)]!, phase });
  }
}

mkdirSync(dirname(out), { recursive: true });
const meta = {
  variant: 'long',
  positions: count,
  candidates: `best ${keep} at 0-ply + 2-ply choice + game choice`,
  players: 'expert',
  ...settings,
  truncate: settings.truncate || 'none',
  evaluator,
  made: new Date().toISOString().slice(0, 10),
};
writeFileSync(out, `${JSON.stringify({ meta })}\n`);
for (const [i, spot] of picked.entries()) {
  const ranked = await rankByRollout(spot.position, candidates(spot), settings);
  const record: BenchRecord = {
    id: makeLongPositionId(spot.position),
    phase: spot.phase,
    halfMoves: spot.halfMoves,
    dice: spot.dice,
    candidates: ranked.map((r) => ({ move: r.move, after: afterKey(r.turn), equity: round(r.equity), se: round(r.se) })),
  };
  appendFileSync(out, `${JSON.stringify(record)}\n`);
  console.error(`${i + 1}/${picked.length} ${spot.phase} ${Math.round((Date.now() - started) / 1000)} s`);
}
console.log(JSON.stringify({ out, positions: picked.length, seconds: Math.round((Date.now() - started) / 1000) }));

function round(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
