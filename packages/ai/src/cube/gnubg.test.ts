import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGnubgPositionId } from '@nardy/engine';
import { decideCube, type CubeSituation } from './decide.js';
import { cubeEfficiency } from './efficiency.js';
import type { MatchStage } from './met.js';
import type { CubeOwner } from './money.js';

/**
 * Our cube formulas against gnubg's 0-ply cube decisions on 64 positions, each fed gnubg's own 0-ply
 * probabilities (gnubg as referee of the formulas only; fixture and contexts: gnubg-cube.py).
 */
interface Line {
  readonly pos: string;
  readonly class: string;
  readonly probs: [number, number, number, number, number];
  readonly gnubg: readonly [number, number, number, string][];
}
interface Context {
  readonly value: number;
  readonly owner: 'centre' | 'me' | 'opp';
  readonly jacoby?: 1;
  readonly away?: number;
  readonly oppAway?: number;
  readonly crawford?: 1;
}
// The same list, in the same order, as CONTEXTS in gnubg-cube.py.
const CONTEXTS: readonly Context[] = [
  { value: 1, owner: 'centre' },
  { value: 2, owner: 'me' },
  { value: 2, owner: 'opp' },
  { value: 1, owner: 'centre', jacoby: 1 },
  { value: 1, owner: 'centre', away: 5, oppAway: 5 },
  { value: 1, owner: 'centre', away: 2, oppAway: 2 },
  { value: 1, owner: 'centre', away: 4, oppAway: 2 },
  { value: 2, owner: 'me', away: 7, oppAway: 4 },
  { value: 1, owner: 'centre', away: 4, oppAway: 1 },
  { value: 1, owner: 'centre', away: 3, oppAway: 1, crawford: 1 },
];
const OWNER: Record<Context['owner'], CubeOwner> = { centre: 'centred', me: 'onRoll', opp: 'opponent' };

const lines: Line[] = readFileSync(new URL('./gnubg-cube.fixture.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Line);

function situation(line: Line, c: Context): CubeSituation {
  const pos = parseGnubgPositionId(line.pos, 'short', 'white');
  if (!pos.ok) throw new Error(pos.error.message);
  const base = { value: c.value, owner: OWNER[c.owner], efficiency: cubeEfficiency(pos.value) };
  if (c.away === undefined || c.oppAway === undefined) return { ...base, jacoby: c.jacoby === 1 && c.owner === 'centre' };
  const stage: MatchStage = c.crawford ? 'crawford' : Math.min(c.away, c.oppAway) === 1 ? 'postCrawford' : 'preCrawford';
  return { ...base, match: { away: c.away, opponentAway: c.oppAway, stage } };
}

/** Each comparison: equity differences and whether the decision is the same. */
const results = lines.flatMap((line) =>
  CONTEXTS.map((c, i) => {
    const [nd, dt, dp, text] = line.gnubg[i]!;
    const [win, winMars, winKoks, loseMars, loseKoks] = line.probs;
    const d = decideCube({ win, winMars, winKoks, loseMars, loseKoks }, situation(line, c));
    const gnubgDoubles = /^(Double|Redouble)/.test(text);
    const doubleAgrees = c.owner === 'opp' || /^Optional/.test(text) || (d.action === 'double') === gnubgDoubles;
    const tooGoodAgrees = d.action !== 'tooGood' || /^Too good/.test(text);
    return {
      key: `${line.class} ${c.away ? `${c.away}-${c.oppAway}` : 'money'}`,
      twoAway: c.away === 2 && c.oppAway === 2,
      exactBearoff: line.class === 'bearoff2',
      noDouble: Math.abs(d.equities.noDouble - nd),
      take: Math.abs(d.equities.take - dt),
      pass: Math.abs(d.equities.pass - dp),
      agrees: doubleAgrees && tooGoodAgrees && (d.response === 'pass') === dt > dp,
    };
  }),
);

describe('cube decisions against gnubg (its 0-ply probabilities as input)', () => {
  it('the fixture has every class and context', () => {
    expect(lines.length).toBeGreaterThanOrEqual(60);
    expect(new Set(lines.map((l) => l.class))).toEqual(new Set(['contact', 'crashed', 'race', 'bearoff1', 'bearoff2']));
    for (const l of lines) expect(l.gnubg).toHaveLength(CONTEXTS.length);
  });
  it('Janowski positions (contact, crashed, race, one-sided bear-off): the same three equities to 1e-4 and the same decision', () => {
    const model = results.filter((r) => !r.exactBearoff && !r.twoAway);
    expect(model.length).toBeGreaterThan(500);
    for (const r of model) {
      expect(r.noDouble, r.key).toBeLessThan(1e-4);
      expect(r.take, r.key).toBeLessThan(1e-4);
      expect(r.pass, r.key).toBeLessThan(1e-4);
      expect(r.agrees, r.key).toBe(true);
    }
  });
  it('2-away 2-away: double/take equal; no-double differs (gnubg takes the dead cube there), decisions mostly agree', () => {
    const two = results.filter((r) => r.twoAway && !r.exactBearoff);
    for (const r of two) expect(r.take, r.key).toBeLessThan(1e-4);
    expect(two.filter((r) => r.agrees).length / two.length).toBeGreaterThanOrEqual(0.9);
  });
  it('two-sided bear-offs (gnubg reads exact cubeful databases there): decisions mostly agree', () => {
    const exact = results.filter((r) => r.exactBearoff);
    expect(exact.filter((r) => r.agrees).length / exact.length).toBeGreaterThanOrEqual(0.9);
  });
});
