import { describe, expect, it } from 'vitest';
import { monthName } from './monthName';

describe('the month of the monthly top', () => {
  it('names it in the page language, capitalised, as the seeds\' "ТОП 10 Игроков, Январь 2014"', () => {
    expect(monthName('2014-01', 'ru')).toBe('Январь 2014');
    expect(monthName('2026-12', 'en')).toBe('December 2026');
    expect(monthName('junk', 'en')).toBe('junk');
  });
});
