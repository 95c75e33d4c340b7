import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands with a comma in English', () => {
    expect(formatCount(2847, 'en')).toBe('2,847');
    expect(formatCount(127, 'en')).toBe('127');
  });

  it('groups thousands with a dot in Spanish, even with four digits', () => {
    expect(formatCount(2847, 'es')).toBe('2.847');
    expect(formatCount(2291, 'es')).toBe('2.291');
    expect(formatCount(127, 'es')).toBe('127');
  });

  it('groups thousands with a dot in Valencian', () => {
    expect(formatCount(2847, 'va')).toBe('2.847');
    expect(formatCount(127, 'va')).toBe('127');
  });
});
