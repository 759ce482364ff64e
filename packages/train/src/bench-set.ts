import { CHECKERS, makeLongPositionId, opposite, parseLongPositionId, type Dice, type Position, type Turn } from '@nardy/engine';
import { longClassOf } from '@nardy/ai/lab';

/**
 * The long-nardy benchmark set (issue 6 item 4): self-play positions with a throw and candidate turns ranked
 * by rollouts; a chooser's score is the mean equity its chosen turn loses against the set's best.
 */

/**
 * A position's phase, by simple features: `opening` — the first 12 half-moves (each side's first six turns,
 * while the heads empty, L9) with the armies still in contact; `contact` — later, blocking still possible
 * (`longClassOf`: some checker still has an opposing one ahead on its route); `race` — no more contact;
 * `bearoff` — no contact and every checker of the side on roll home (own points 1–6, L17).
 */
export const PHASES = ['opening', 'contact', 'race', 'bearoff'] as const;
export type Phase = (typeof PHASES)[number];

const OPENING_HALF_MOVES = 12;

export function phaseOf(position: Position, halfMoves: number): Phase {
  const me = position.board[position.turn];
  if (longClassOf(me, position.board[opposite(position.turn)]) === 'contact') return halfMoves < OPENING_HALF_MOVES ? 'opening' : 'contact';
  let home = 0;
  for (let p = 0; p <= 6; p++) home += me[p]!;
  return home === CHECKERS ? 'bearoff' : 'race';
}

/** One candidate turn: its notation, the long Position ID after it (the key a chooser's turn is matched by), its rollout. */
interface BenchCandidate {
  readonly move: string;
  readonly after: string;
  /** Rollout equity for the side on roll (cubeless, per unit stake) and its standard error. */
  readonly equity: number;
  readonly se: number;
}

/** One line of the set: position (long Position ID, side on roll and first-turn flags included), throw, candidates best first. */
export interface BenchRecord {
  readonly id: string;
  readonly phase: Phase;
  readonly halfMoves: number;
  readonly dice: Dice;
  readonly candidates: readonly BenchCandidate[];
}

/** The set's first line: how it was made. */
interface BenchMeta {
  readonly meta: Record<string, unknown>;
}

/** Reads a set file's text (JSONL; the meta line first); the records and the meta. */
export function parseBenchSet(text: string): { meta: Record<string, unknown>; records: BenchRecord[] } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const rows = lines.map((l) => JSON.parse(l) as BenchRecord | BenchMeta);
  const meta = rows.find((r): r is BenchMeta => 'meta' in r)?.meta ?? {};
  return { meta, records: rows.filter((r): r is BenchRecord => 'candidates' in r) };
}

function benchPosition(record: BenchRecord): Position {
  const p = parseLongPositionId(record.id);
  if (!p.ok) throw new Error(`bench set: ${p.error.message}`);
  return p.value;
}

export const afterKey = (turn: Turn): string => makeLongPositionId(turn.after);

/** A chooser under test: the turn it plays. */
export type BenchChooser = (position: Position, dice: Dice) => Turn;

interface PhaseScore {
  readonly positions: number;
  /** Mean equity lost against the set's best candidate. */
  readonly meanLoss: number;
  /** Share of positions where the chooser picked the set's best. */
  readonly best: number;
}

export interface BenchScore extends PhaseScore {
  /** Chosen turns not among the candidates: charged the largest loss among the candidates (a guess, not a bound). */
  readonly uncovered: number;
  readonly byPhase: Partial<Record<Phase, PhaseScore>>;
}

/** The equity a chosen turn (by its after-key) loses against the record's best candidate, and whether it was listed. */
export function lossOf(record: BenchRecord, chosenAfter: string): { loss: number; covered: boolean } {
  const best = Math.max(...record.candidates.map((c) => c.equity));
  const chosen = record.candidates.find((c) => c.after === chosenAfter);
  if (chosen) return { loss: best - chosen.equity, covered: true };
  return { loss: best - Math.min(...record.candidates.map((c) => c.equity)), covered: false };
}

/** Scores a chooser over the set: mean loss overall and per phase. */
export function scoreBench(records: readonly BenchRecord[], choose: BenchChooser): BenchScore {
  const sums = new Map<Phase | 'all', { n: number; loss: number; best: number }>();
  let uncovered = 0;
  for (const r of records) {
    const { loss, covered } = lossOf(r, afterKey(choose(benchPosition(r), r.dice)));
    if (!covered) uncovered++;
    for (const k of ['all', r.phase] as const) {
      const s = sums.get(k) ?? { n: 0, loss: 0, best: 0 };
      sums.set(k, { n: s.n + 1, loss: s.loss + loss, best: s.best + (loss === 0 ? 1 : 0) });
    }
  }
  const summary = (k: Phase | 'all'): PhaseScore => {
    const s = sums.get(k) ?? { n: 0, loss: 0, best: 0 };
    return { positions: s.n, meanLoss: s.n ? s.loss / s.n : 0, best: s.n ? s.best / s.n : 0 };
  };
  const byPhase: Partial<Record<Phase, PhaseScore>> = {};
  for (const p of PHASES) if (sums.has(p)) byPhase[p] = summary(p);
  return { ...summary('all'), uncovered, byPhase };
}
