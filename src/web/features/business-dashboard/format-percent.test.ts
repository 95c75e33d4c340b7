import { describe, expect, it } from 'vitest';
import { formatPercent } from './format-percent';

describe('formatPercent', () => {
  it('writes a commission rate the way each language does', () => {
    expect(formatPercent(0.1, 'es')).toBe('10\u00a0%');
    expect(formatPercent(0.1, 'en')).toBe('10%');
  });

  it('keeps one decimal for rates such as 12.5 % and a redemption rate of 2/3', () => {
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(2 / 3, 'es')).toBe('66,7\u00a0%');
  });
});
