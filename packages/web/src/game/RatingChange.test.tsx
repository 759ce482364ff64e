import { describe, expect, it } from 'vitest';
import { ratingWithChange } from './RatingChange';

describe('the rating change after a rated match', () => {
  it('reads "new (±change)"', () => {
    expect(ratingWithChange(1500, 1512)).toBe('1512 (+12)');
    expect(ratingWithChange(1500, 1488)).toBe('1488 (−12)');
    expect(ratingWithChange(1500, 1500)).toBe('1500 (±0)');
  });
});
