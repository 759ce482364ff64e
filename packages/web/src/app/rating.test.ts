import { describe, expect, it } from 'vitest';
import { ratingText, ratingWithChange } from './rating';

describe('ratings as shown', () => {
  it('whole points, a provisional one marked "?"', () => {
    expect(ratingText(1523.4)).toBe('1523');
    expect(ratingText(1523.6, true)).toBe('1524?');
    expect(ratingText(1500, false)).toBe('1500');
  });
  it('the change after a match: "new (±change)", the mark on the new rating', () => {
    expect(ratingWithChange(1500, 1512)).toBe('1512 (+12)');
    expect(ratingWithChange(1500, 1488)).toBe('1488 (−12)');
    expect(ratingWithChange(1500, 1500)).toBe('1500 (±0)');
    expect(ratingWithChange(1500, 1517.32, true)).toBe('1517? (+17)');
  });
});
