import { describe, expect, it } from 'vitest';
import { formats } from './format';

describe('formats', () => {
  it('writes numbers as each language does', () => {
    const en = formats('en');
    expect(en.equity(0.1234)).toBe('+0.123');
    expect(en.equity(-0.05)).toBe('-0.050');
    expect(en.percent(0.5321)).toBe('53.2%');
    expect(en.rate(12.345)).toBe('12.3');
    expect(en.rate(null)).toBe('—');
    const ru = formats('ru');
    expect(ru.equity(-0.05)).toBe('-0,050');
    expect(ru.percent(0.5321)).toMatch(/^53,2\s%$/);
  });
});
