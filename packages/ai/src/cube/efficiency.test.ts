import { describe, expect, it } from 'vitest';
import { startPosition } from '@nardy/engine';
import { made } from '../test-positions.suite.js';
import { CUBE_EFFICIENCY, cubeClass, cubeEfficiency, raceEfficiency } from './efficiency.js';

describe('cube efficiency by position class', () => {
  it('contact positions: 0.68 (both variants at the start)', () => {
    expect(cubeClass(startPosition('short'))).toBe('contact');
    expect(cubeEfficiency(startPosition('short'))).toBe(CUBE_EFFICIENCY.contact);
    expect(cubeClass(startPosition('long'))).toBe('contact');
  });
  it('races: 0.55 + 0.00125 per pip of the side on roll, within 0.6–0.7', () => {
    expect(raceEfficiency(40)).toBeCloseTo(0.6, 12);
    expect(raceEfficiency(20)).toBe(0.6);
    expect(raceEfficiency(100)).toBeCloseTo(0.675, 12);
    expect(raceEfficiency(200)).toBe(0.7);
    const race = made('short', 'white', { 8: 5, 6: 5, 5: 5 }, { 6: 5, 5: 5, 4: 5 });
    expect(cubeClass(race)).toBe('race');
    expect(cubeEfficiency(race)).toBeCloseTo(0.55 + 0.00125 * 95, 12);
  });
  it('bear-offs (every checker of both sides home): 0.6', () => {
    const p = made('short', 'white', { 6: 3, 5: 3, 4: 3 }, { 6: 4, 5: 4, 4: 4 });
    expect(cubeClass(p)).toBe('bearoff');
    expect(cubeEfficiency(p)).toBe(0.6);
  });
  it('long nardy: contact while a checker is still in its own first half, race after', () => {
    expect(cubeClass(made('long', 'white', { 13: 1, 6: 14 }, { 6: 15 }))).toBe('contact');
    expect(cubeClass(made('long', 'white', { 12: 1, 6: 14 }, { 8: 15 }))).toBe('race');
  });
});
