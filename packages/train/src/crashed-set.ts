import { positionFromSetup, type Checkers, type Color, type Position } from '@nardy/engine';
import { cubelessEquity, type Probabilities } from '@nardy/ai';

/** One position of the crashed test set with its rollout: the five probabilities and the equity, side on roll. */
export interface CrashedRecord {
  readonly turn: Color;
  readonly white: Checkers;
  readonly black: Checkers;
  readonly rollout: Probabilities & { readonly equity: number; readonly se: number };
}

export function recordPosition(r: CrashedRecord): Position {
  const p = positionFromSetup({ variant: 'short', turn: r.turn, board: { white: r.white, black: r.black }, firstTurn: { white: false, black: false } });
  if (!p.ok) throw new Error(`crashed set: bad position: ${p.error.message}`);
  return p.value;
}

/** Reads the set's JSONL (a meta line first); throws with the line number on a bad line. */
export function parseCrashedSet(text: string): CrashedRecord[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.slice(1).map((line, i) => {
    const r = JSON.parse(line) as CrashedRecord;
    if (!r.rollout || typeof r.rollout.equity !== 'number') throw new Error(`crashed set line ${i + 2}: no rollout`);
    recordPosition(r);
    return r;
  });
}

export interface SetError {
  readonly positions: number;
  /** Mean absolute error of the winning chance and of the cubeless equity against the rollouts. */
  readonly win: number;
  readonly equity: number;
}

/** How far a static evaluator is from the set's rollouts. */
export function setError(records: readonly CrashedRecord[], evaluate: (p: Position) => Probabilities): SetError {
  let win = 0;
  let equity = 0;
  for (const r of records) {
    const v = evaluate(recordPosition(r));
    win += Math.abs(v.win - r.rollout.win);
    equity += Math.abs(cubelessEquity(v) - r.rollout.equity);
  }
  const n = Math.max(1, records.length);
  return { positions: records.length, win: win / n, equity: equity / n };
}
