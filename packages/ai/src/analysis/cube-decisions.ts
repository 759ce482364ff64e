import type { CubeResponse } from '../cube/decide.js';
import type { CubeDecision } from '../cube.js';
import type { CubeFigures } from './types.js';

/** Doubler's and taker's choices can differ by this much and count as equal (rounding). */
const EPS = 1e-9;

/**
 * gnubg counts a cube decision in the error rates when it is "close or actual": a double was made, or doubling
 * was worth no less than no double − 0.16 (so every missed double counts, and hopeless or far too good positions
 * do not); and, in a match, only while the cube is alive for the side on roll (a win at the cube's value does not
 * already take him to the match length: not the leader after Crawford, gnubg's GetDPEq).
 */
const CLOSE = 0.16;

export const cubeFigures = (d: CubeDecision): CubeFigures => ({
  noDouble: d.equities.noDouble,
  take: d.equities.take,
  pass: d.equities.pass,
  ...(d.mwc ? { mwc: d.mwc } : {}),
  probabilities: d.probabilities,
});

interface Judged {
  readonly error: number;
  readonly errorMwc?: number;
  readonly unforced: boolean;
}

/**
 * The doubler's error: the best of no double and double (the opponent answering right, so the double is
 * worth min(take, pass)) minus what his choice was worth. Not doubling when the cube cannot usefully be turned
 * (`optimal` is then no double) costs nothing. `alive`: the cube is alive for him (see CLOSE).
 */
export function judgeDouble(d: CubeDecision, doubled: boolean, alive = true): Judged {
  const e = d.equities;
  const doubleValue = Math.min(e.take, e.pass);
  const bestIsDouble = e.optimal > e.noDouble + EPS;
  const error = Math.max(0, e.optimal - (doubled ? doubleValue : e.noDouble));
  // `optimal` below the double's value: the cube is dead for him (a win at this stake already takes the match).
  const dead = e.optimal < doubleValue - EPS;
  const unforced = doubled || (alive && !dead && (error > 0 || doubleValue > e.noDouble - CLOSE));
  if (!d.mwc) return { error, unforced };
  const m = d.mwc;
  const doubleMwc = Math.min(m.take, m.pass);
  const bestMwc = bestIsDouble ? doubleMwc : m.noDouble;
  return { error, errorMwc: Math.max(0, bestMwc - (doubled ? doubleMwc : m.noDouble)), unforced };
}

/**
 * The answer to a double, valued from the doubler's side (the taker wants it low): take = `take`, pass = `pass`,
 * beaver (money, when allowed) = twice the take, or −2 if the doubler should then pass. After a beaver the
 * doubler answers (he wants it high): take = twice the take, pass = −2. The error is the gap to the best answer.
 */
export function judgeResponse(d: CubeDecision, played: CubeResponse, mayBeaver: boolean, answeringBeaver: boolean): Judged & { best: CubeResponse } {
  const e = d.equities;
  if (answeringBeaver) {
    const take = 2 * e.take;
    const best: CubeResponse = take >= -2 ? 'take' : 'pass';
    return { best, error: Math.max(0, Math.max(take, -2) - (played === 'take' ? take : -2)), unforced: true };
  }
  const values: Partial<Record<CubeResponse, number>> = { take: e.take, pass: e.pass };
  if (mayBeaver) values.beaver = Math.max(2 * e.take, -2);
  let best: CubeResponse = 'take';
  for (const r of ['pass', 'beaver'] as const) if (values[r] !== undefined && values[r] < values[best]! - EPS) best = r;
  const error = Math.max(0, (values[played] ?? values.take!) - values[best]!);
  if (!d.mwc) return { best, error, unforced: true };
  const m = d.mwc;
  const errorMwc = Math.max(0, (played === 'pass' ? m.pass : m.take) - Math.min(m.take, m.pass));
  return { best, error, errorMwc, unforced: true };
}
