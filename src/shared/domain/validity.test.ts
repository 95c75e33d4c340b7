import { describe, expect, it } from 'vitest';
import { computeExpiresAt, isExpired } from './validity';

describe('computeExpiresAt', () => {
  it('ends at 23:59:59.999 Madrid time in winter (UTC+1)', () => {
    const from = new Date('2026-11-21T10:00:00Z');
    expect(computeExpiresAt(from, 30).toISOString()).toBe('2026-12-21T22:59:59.999Z');
  });

  it('ends at 23:59:59.999 Madrid time in summer (UTC+2)', () => {
    const from = new Date('2026-06-01T10:00:00Z');
    expect(computeExpiresAt(from, 30).toISOString()).toBe('2026-07-01T21:59:59.999Z');
  });

  it('counts days on the Madrid calendar, not UTC', () => {
    // 23:30 UTC on 21 Nov is already 22 Nov in Madrid.
    const from = new Date('2026-11-21T23:30:00Z');
    expect(computeExpiresAt(from, 30).toISOString()).toBe('2026-12-22T22:59:59.999Z');
  });

  it('crosses a summer-time change correctly', () => {
    const from = new Date('2026-03-01T12:00:00Z'); // winter
    expect(computeExpiresAt(from, 365).toISOString()).toBe('2027-03-01T22:59:59.999Z');
    const spring = new Date('2026-03-20T12:00:00Z'); // +30 days lands in summer time
    expect(computeExpiresAt(spring, 30).toISOString()).toBe('2026-04-19T21:59:59.999Z');
  });

  it('handles leap years', () => {
    expect(computeExpiresAt(new Date('2028-02-28T12:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T22:59:59.999Z',
    );
  });
});

describe('isExpired', () => {
  it('is false up to the last millisecond and true after', () => {
    const end = new Date('2026-12-21T22:59:59.999Z');
    expect(isExpired(end, new Date('2026-12-21T22:59:59.999Z'))).toBe(false);
    expect(isExpired(end, new Date('2026-12-21T23:00:00.000Z'))).toBe(true);
  });
});
