import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

const at = Date.UTC(2026, 0, 10, 21, 0, 0);

describe('countdownText', () => {
  it('counts days and hours a day or more ahead', () => {
    expect(countdownText(at, at - (2 * 86_400 + 5 * 3600 + 59) * 1000)).toEqual({ key: 'countdown.days', params: { days: 2, hours: 5 } });
    expect(countdownText(at, at - 86_400_000)).toEqual({ key: 'countdown.days', params: { days: 1, hours: 0 } });
  });

  it('shows a clock within the day, rounding up so it never reads 0:00 before the start', () => {
    expect(countdownText(at, at - (3600 + 5 * 60 + 9) * 1000)).toEqual({ key: 'countdown.clock', params: { time: '1:05:09' } });
    expect(countdownText(at, at - (4 * 60 + 7) * 1000)).toEqual({ key: 'countdown.clock', params: { time: '4:07' } });
    expect(countdownText(at, at - 200)).toEqual({ key: 'countdown.clock', params: { time: '0:01' } });
  });

  it('says "starting" once the time has come', () => {
    expect(countdownText(at, at)).toEqual({ key: 'countdown.now', params: {} });
    expect(countdownText(at, at + 5000)).toEqual({ key: 'countdown.now', params: {} });
  });
});
