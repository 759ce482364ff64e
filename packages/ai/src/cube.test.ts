import { describe, expect, it } from 'vitest';
import { apply, newMatch, startPosition, type MatchState } from '@nardy/engine';
import { cubeDecision, cubeInputsOf } from './cube.js';
import { LONG_MET } from './cube/met-long-table.js';
import { KAZAROSS_XG2 } from './cube/met-kazaross-xg2.js';
import { matchTableFor } from './cube/met-for-variant.js';
import type { MatchEquityTable } from './cube/met.js';
import type { Probabilities } from './probabilities.js';
import { made } from './test-positions.suite.js';

const fixed =
  (win: number, winMars = 0): (() => Probabilities) =>
  () => ({ win, winMars, winKoks: 0, loseMars: 0, loseKoks: 0 });
const start = startPosition('short');
const centred = { value: 1, owner: 'centred' } as const;

function opened(settings: Parameters<typeof newMatch>[0]): MatchState {
  const r = newMatch(settings);
  if (!r.ok) throw new Error(r.error.message);
  const o = apply(r.value, { type: 'opening', dice: { p1: 3, p2: 1 } });
  if (!o.ok) throw new Error(o.error.message);
  return o.value;
}

describe('cubeDecision', () => {
  it('takes its probabilities from the evaluator given, and reports them with the three equities', () => {
    const d = cubeDecision(start, centred, { evaluator: fixed(0.7) });
    expect(d.probabilities.win).toBe(0.7);
    expect(d.efficiency).toBe(0.68);
    expect([d.action, d.response]).toEqual(['double', 'take']);
    expect(d.equities.pass).toBe(1);
    expect(d.equities.optimal).toBe(Math.max(d.equities.noDouble, Math.min(d.equities.take, d.equities.pass)));
  });
  it('textbook money: 50 % no double; 85 % with mars too good; Jacoby makes it a cash', () => {
    expect(cubeDecision(start, centred, { evaluator: fixed(0.5) }).action).toBe('noDouble');
    expect(cubeDecision(start, centred, { evaluator: fixed(0.85, 0.6) })).toMatchObject({ action: 'tooGood', response: 'pass' });
    expect(cubeDecision(start, centred, { evaluator: fixed(0.85, 0.6), jacoby: true }).action).toBe('double');
    // Jacoby only counts while the cube is centred: a redouble with the same numbers is too good again.
    expect(cubeDecision(start, { value: 2, owner: 'onRoll' }, { evaluator: fixed(0.85, 0.6), jacoby: true }).action).toBe('tooGood');
  });
  it('the default evaluator: a hopeless race is a pass, a close one no double', () => {
    const crushing = made('short', 'white', { 1: 2 }, { 6: 15 });
    expect(cubeDecision(crushing, centred).response).toBe('pass');
    const close = made('short', 'white', { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 }, { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 });
    expect(cubeDecision(close, centred)).toMatchObject({ action: 'noDouble', response: 'take' });
  });
  it('match play: MWCs from the table; no double when winning the stake wins the match, none in the Crawford game', () => {
    const d = cubeDecision(start, centred, { evaluator: fixed(0.6), away: { onRoll: 2, opponent: 2 } });
    expect(d.mwc?.pass).toBe(0.67736);
    expect(d.action).toBe('double');
    expect(cubeDecision(start, centred, { evaluator: fixed(0.8), away: { onRoll: 1, opponent: 3 }, stage: 'postCrawford' }).action).toBe('noDouble');
    expect(cubeDecision(start, centred, { evaluator: fixed(0.8), away: { onRoll: 3, opponent: 1 }, stage: 'crawford' }).action).toBe('noDouble');
    expect(cubeDecision(start, centred, { evaluator: fixed(0.4), away: { onRoll: 3, opponent: 1 }, stage: 'postCrawford' }).action).toBe('double');
  });
  it("match play reads the variant's own table: long nardy LONG_MET, short nardy Kazaross-XG2", () => {
    expect(matchTableFor('long')).toBe(LONG_MET);
    expect(matchTableFor('short')).toBe(KAZAROSS_XG2);
    const long = startPosition('long');
    const context = { away: { onRoll: 3, opponent: 4 }, evaluator: fixed(0.62, 0.1) };
    const mwc = (met?: MatchEquityTable) => cubeDecision(long, centred, met ? { ...context, met } : context).mwc;
    expect(mwc()).toEqual(mwc(LONG_MET));
    expect(mwc()).not.toEqual(mwc(KAZAROSS_XG2));
  });

  it('beavers only in money play with the option on', () => {
    expect(cubeDecision(start, centred, { evaluator: fixed(0.4), beaver: true }).response).toBe('beaver');
    expect(cubeDecision(start, centred, { evaluator: fixed(0.4) }).response).toBe('take');
    expect(cubeDecision(start, centred, { evaluator: fixed(0.4), beaver: true, away: { onRoll: 5, opponent: 5 } }).response).toBe('take');
  });
});

describe('cubeInputsOf', () => {
  it('a match: the points each needs and the Crawford stage', () => {
    const s = opened({ variant: 'short', matchLength: 5 });
    const inputs = cubeInputsOf(s);
    expect(inputs.cube).toEqual({ value: 1, owner: 'centred' });
    expect(inputs.context).toMatchObject({ away: { onRoll: 5, opponent: 5 }, stage: 'preCrawford', crawfordRule: true, maxCube: 64 });
    expect(inputs.position).toEqual(startPosition('short'));
    const crawford = cubeInputsOf({ ...s, score: { p1: 4, p2: 2 }, game: { ...s.game, crawford: true } });
    expect(crawford.context).toMatchObject({ away: { onRoll: 1, opponent: 3 }, stage: 'crawford' });
    const post = cubeInputsOf({ ...s, score: { p1: 4, p2: 2 } });
    expect(post.context.stage).toBe('postCrawford');
  });
  it('money: Jacoby while the cube was never turned, beavers as the table says', () => {
    const s = opened({ variant: 'short', matchLength: 0, cube: { enabled: true, jacoby: true, beaver: true } });
    expect(cubeInputsOf(s).context).toMatchObject({ jacoby: true, beaver: true });
    expect(cubeInputsOf(s).context.away).toBeUndefined();
    const turned = { ...s, game: { ...s.game, cube: { ...s.game.cube, value: 2, owner: 'p2' as const, turned: true } } };
    expect(cubeInputsOf(turned).context.jacoby).toBe(false);
  });
});
