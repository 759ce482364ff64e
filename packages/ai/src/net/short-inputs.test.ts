import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { BAR, opposite, pips, seededRng, type Checkers } from '@nardy/engine';
import { playedPositionArb, randomPlayPosition, scatteredPositionArb } from '@nardy/engine/testing';
import { side } from '../test-positions.suite.js';
import { SHORT_INPUTS, SHORT_V1_ENCODING, encodeShort, escapes, pipLossAgainst, shortV1ToV2, shotsAgainst } from './short-inputs.js';
import { Mlp } from './mlp.js';

describe('shotsAgainst (hit chances, the classic table)', () => {
  // One white blot on its 8-point, the rest borne off; one black checker d pips behind it (black's own point
  // 25 − (8 − d); d = 8 is the bar), the rest in black's home where they cannot reach the blot.
  const shots = (d: number): number => shotsAgainst(side({ 8: 1 }), side({ [25 - (8 - d)]: 1, 1: 14 }));

  it('direct shots: 1 away 11, 6 away 17 throws of 36', () => {
    expect(shots(1)).toBe(11);
    expect(shots(2)).toBe(12);
    expect(shots(6)).toBe(17);
  });

  it('indirect shots: 7 away 6, 8 away (from the bar) 6 throws', () => {
    expect(shots(7)).toBe(6);
    expect(shots(8)).toBe(6);
  });

  it('closed midpoints cut indirect shots: 8 away, White holding 4 and 6 leaves 6-2 and 5-3 (4 throws) of 6', () => {
    // Black's checker on its 23-point is White's point 2; the blot is on White's 10-point.
    const black = side({ 23: 1, 1: 14 });
    expect(shotsAgainst(side({ 10: 1, 1: 14 }), black)).toBe(6);
    expect(shotsAgainst(side({ 10: 1, 6: 2, 4: 2, 1: 10 }), black)).toBe(4);
    expect(shotsAgainst(side({ 6: 15 }), side({ 24: 15 }))).toBe(0);
  });
});

/**
 * shotsAgainst's and pipLossAgainst's rule read literally, throw by throw, hitter by hitter, blot by blot (the
 * bit-mask version's spec): the throws that hit, and Σ over them of the costliest blot hit (25 − p).
 */
function referenceHits(a: Checkers, b: Checkers): { shots: number; pipLoss: number } {
  const blots: number[] = [];
  for (let p = 1; p <= 24; p++) if (a[p] === 1) blots.push(p);
  const hitters: number[] = [];
  if (b[BAR]! > 0) hitters.push(0);
  else for (let q = 24; q >= 1; q--) if (b[q]! > 0) hitters.push(25 - q);
  const open = (p: number): boolean => p <= 24 && a[p]! < 2;
  const reaches = (m: number, blot: number, d1: number, d2: number): boolean => {
    const d = blot - m;
    if (d <= 0) return false;
    if (d1 !== d2) return d === d1 || d === d2 || (d === d1 + d2 && (open(m + d1) || open(m + d2)));
    if (d % d1 !== 0 || d / d1 > 4) return false;
    for (let k = 1; k < d / d1; k++) if (!open(m + k * d1)) return false;
    return true;
  };
  let shots = 0;
  let pipLoss = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      const hit = blots.filter((blot) => hitters.some((m) => reaches(m, blot, d1, d2)));
      if (hit.length === 0) continue;
      shots += d1 === d2 ? 1 : 2;
      pipLoss += (d1 === d2 ? 1 : 2) * Math.max(...hit.map((blot) => 25 - blot));
    }
  }
  return { shots, pipLoss };
}

/**
 * escapes' rule read literally: the throws on which one checker of `a` on point r (25: the bar) can move, over
 * points `b` does not hold, to a point beyond every point `b` holds among the 12 in front of it.
 */
function referenceEscapes(b: Checkers, r: number): number {
  const held = (k: number): boolean => r - k >= 1 && b[25 - (r - k)]! >= 2;
  let last = 0;
  for (let k = 1; k <= 12; k++) if (held(k)) last = k;
  let n = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      // The distances one checker can cover this throw, every stop on the way open.
      const stops: number[][] =
        d1 === d2 ? [1, 2, 3, 4].map((j) => Array.from({ length: j }, (_, i) => (i + 1) * d1)) : [[d1], [d2], [d1, d1 + d2], [d2, d1 + d2]];
      if (stops.some((path) => path.every((k) => !held(k)) && path[path.length - 1]! > last)) n += d1 === d2 ? 1 : 2;
    }
  }
  return n;
}

test.prop([fc.oneof(playedPositionArb('short', 200), scatteredPositionArb('short'))], { numRuns: 400 })(
  'shotsAgainst equals its literal reading, both ways round',
  (pos) => {
    const me = pos.board[pos.turn];
    const them = pos.board[opposite(pos.turn)];
    expect(shotsAgainst(me, them)).toBe(referenceHits(me, them).shots);
    expect(shotsAgainst(them, me)).toBe(referenceHits(them, me).shots);
    expect(pipLossAgainst(me, them)).toBe(referenceHits(me, them).pipLoss);
    expect(pipLossAgainst(them, me)).toBe(referenceHits(them, me).pipLoss);
  },
);

test.prop([fc.oneof(playedPositionArb('short', 200), scatteredPositionArb('short')), fc.integer({ min: 1, max: 25 })], { numRuns: 400 })(
  'escapes equals its literal reading',
  (pos, r) => {
    expect(escapes(pos.board.black, r)).toBe(referenceEscapes(pos.board.black, r));
  },
);

describe('pipLossAgainst (what a hit costs, short-v2)', () => {
  it('one blot: the throws that hit it × the pips it loses', () => {
    // The blot on White's 8-point loses 17 pips; 6 away, 17 throws hit it.
    expect(pipLossAgainst(side({ 8: 1 }), side({ 23: 1, 1: 14 }))).toBe(17 * 17);
  });

  it('a throw that hits two blots is charged for the costlier one only', () => {
    // Blots on White's 20 (loses 5) and 8 (loses 17); Black's checker on its 23-point is White's 2, 6 and 18
    // pips behind them. 6-6 hits both; the 20-point blot alone is hit by 6-6 only.
    const white = side({ 20: 1, 8: 1, 1: 13 });
    const black = side({ 23: 1, 1: 14 });
    const one = pipLossAgainst(side({ 8: 1, 1: 14 }), black);
    expect(pipLossAgainst(white, black)).toBe(one);
  });
});

describe('escapes (short-v2)', () => {
  it('nothing in front: all 36; behind a six-point prime: none', () => {
    expect(escapes(side({ 1: 15 }), 24)).toBe(36);
    // Black holds its 19–24 points: White's points 1–6; White's checker on its 7-point sits right behind.
    expect(escapes(side({ 19: 3, 20: 2, 21: 2, 22: 2, 23: 3, 24: 3 }), 7)).toBe(0);
  });

  it('one point held 6 pips ahead: 18 non-doubles of sum 7 and more, 4-4 and 5-5 — 20 throws', () => {
    // White's checker on its 24-point; Black's 7-point is White's 18.
    expect(escapes(side({ 7: 2, 1: 13 }), 24)).toBe(20);
  });

  it("from the bar: the point k pips in is the opponent's k-point", () => {
    // Black holds its 1-point only: every throw but 1-1 gets past it (1-1 cannot even enter).
    expect(escapes(side({ 1: 2 }), 25)).toBe(35);
  });

  it('5-5 past a point held 11 pips ahead lands 15 ahead: not if that point is held too', () => {
    // White's checker on its 24-point; Black's 12-point is White's 13 (11 ahead), Black's 16-point White's 9 (15 ahead).
    expect(escapes(side({ 12: 2 }), 24) - escapes(side({ 12: 2, 16: 2 }), 24)).toBe(1);
  });
});

/** `short-v2` point by point, from the rule book's words (the one-pass `encodeShort` must give exactly these floats). */
function referenceEncode(me: Checkers, them: Checkers): Float32Array {
  const out = new Float32Array(SHORT_INPUTS);
  const raw = (side: Checkers, base: number): void => {
    for (let p = 1; p <= 24; p++) {
      const n = side[p]!;
      if (n === 0) continue;
      const at = base + (p - 1) * 4;
      out[at] = 1;
      if (n >= 2) out[at + 1] = 1;
      if (n >= 3) out[at + 2] = 1;
      if (n > 3) out[at + 3] = (n - 3) / 2;
    }
    if (side[BAR]! > 0) [out[base + 96], out[base + 97]] = [1, (side[BAR]! - 1) / 2];
    out[base + 98] = side[0]! / 15;
  };
  const features = (a: Checkers, b: Checkers, at: number): void => {
    let [home, prime, run, blots, crossovers] = [0, 0, 0, 0, a[BAR]! * 4];
    for (let p = 1; p <= 24; p++) {
      const n = a[p]!;
      if (n >= 2) {
        if (p <= 6) home++;
        prime = Math.max(prime, ++run);
      } else run = 0;
      if (n === 1) blots++;
      crossovers += n * Math.floor((p - 1) / 6);
    }
    let back = a[BAR]!;
    for (let p = 19; p <= 24; p++) back += a[p]!;
    let rear = a[BAR]! > 0 ? 25 : 0;
    for (let p = 24; p >= 1 && rear === 0; p--) if (a[p]! > 0) rear = p;
    let blocks = 0;
    for (let p = rear - 1; p >= Math.max(1, rear - 12); p--) if (b[25 - p]! >= 2) blocks++;
    const hits = referenceHits(a, b);
    let fewest = 36;
    for (let r = 15; r <= 25; r++) fewest = Math.min(fewest, referenceEscapes(b, r));
    let level = 25; // b's rearmost checker, on a's points (0: b's bar; 25: none left)
    for (let q = 25; q >= 1 && level === 25; q--) if (b[q]! > 0) level = 25 - q;
    let behind = 0;
    for (let p = level + 1; p <= 25; p++) behind += a[p]! * (p - level);
    const values = [
      ...[pips(a) / 100, hits.shots / 36, home / 6, prime / 6, back / 5, blocks / 6, blots / 4, crossovers / 30],
      ...[hits.pipLoss / (36 * 12), rear > 0 ? referenceEscapes(b, rear) / 36 : 1, (36 - fewest) / 36, behind / 100],
    ];
    values.forEach((v, i) => (out[at + i] = v));
  };
  raw(me, 0);
  raw(them, 99);
  features(me, them, 198);
  features(them, me, 210);
  return out;
}

test.prop([fc.oneof(playedPositionArb('short', 200), scatteredPositionArb('short'))], { numRuns: 400 })(
  'encodeShort equals the point-by-point encoding, float for float',
  (pos) => {
    const me = pos.board[pos.turn];
    const them = pos.board[opposite(pos.turn)];
    const out = new Float32Array(SHORT_INPUTS).fill(7); // stale values from a previous position must not survive
    expect(Array.from(encodeShort(me, them, out))).toEqual(Array.from(referenceEncode(me, them)));
  },
);

describe('encodeShort', () => {
  test.prop([playedPositionArb('short', 160)], { numRuns: 100 })(
    'both halves encode each side the same way, whoever is on roll',
    (pos) => {
      const me = pos.board[pos.turn];
      const them = pos.board[opposite(pos.turn)];
      const a = encodeShort(me, them, new Float32Array(SHORT_INPUTS));
      const b = encodeShort(them, me, new Float32Array(SHORT_INPUTS));
      const half = 99;
      expect(Array.from(a.subarray(0, half))).toEqual(Array.from(b.subarray(half, 2 * half)));
      expect(Array.from(a.subarray(2 * half, 2 * half + 12))).toEqual(Array.from(b.subarray(2 * half + 12)));
      expect(a.every((x) => Number.isFinite(x) && x >= 0)).toBe(true);
    },
    60_000,
  );

  it(`carries a ${SHORT_V1_ENCODING} net over with the same outputs (shortV1ToV2)`, () => {
    const v1 = Mlp.random({ inputs: 2 * (99 + 8), hidden: 7, outputs: 5 }, seededRng(3));
    const v2 = v1.withInputs(SHORT_INPUTS, shortV1ToV2);
    const pos = randomPlayPosition('short', 5, { plies: 30 });
    const x2 = encodeShort(pos.board.white, pos.board.black, new Float32Array(SHORT_INPUTS));
    // short-v1's inputs: v2's without the four new features of each side.
    const x1 = Float32Array.from([...x2.subarray(0, 206), ...x2.subarray(210, 218)]);
    const [o1, o2] = [new Float64Array(5), new Float64Array(5)];
    v1.forward(x1, o1);
    v2.forward(x2, o2);
    expect(Array.from(o2)).toEqual(Array.from(o1));
  });
});
