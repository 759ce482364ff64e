import { describe, expect, it } from 'vitest';
import { monthRange, moscowMonth } from './month.js';

describe('Moscow months', () => {
  it('a month starts at midnight Moscow time, 21:00 UTC the day before', () => {
    expect(monthRange('2014-01')).toEqual({ from: Date.UTC(2013, 11, 31, 21), to: Date.UTC(2014, 0, 31, 21) });
    expect(monthRange('2026-12')!.to).toBe(Date.UTC(2026, 11, 31, 21));
    expect(moscowMonth(Date.UTC(2013, 11, 31, 20, 59))).toBe('2013-12');
    expect(moscowMonth(Date.UTC(2013, 11, 31, 21))).toBe('2014-01');
  });
  it('a malformed month is null', () => {
    for (const bad of ['2014-13', '2014-1', '14-01', '2014-00', '']) expect(monthRange(bad)).toBeNull();
  });
});
