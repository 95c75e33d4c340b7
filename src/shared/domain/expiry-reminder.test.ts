import { describe, expect, it } from 'vitest';
import { expiryReminderBound, isExpiryReminderDue } from './expiry-reminder';
import { computeExpiresAt } from './validity';

describe('expiry reminder day (Europe/Madrid)', () => {
  it('starts at midnight in Madrid seven days before the last day, across the spring change', () => {
    // Last valid day 2 April 2026 (UTC+2); its reminder day, 26 March, is still UTC+1.
    const expiresAt = computeExpiresAt(new Date('2026-03-01T12:00:00Z'), 32);
    expect(expiresAt.toISOString()).toBe('2026-04-02T21:59:59.999Z');
    expect(isExpiryReminderDue(expiresAt, new Date('2026-03-25T22:59:59.999Z'))).toBe(false);
    expect(isExpiryReminderDue(expiresAt, new Date('2026-03-25T23:00:00.000Z'))).toBe(true);
    // A naive "expires_at − 7 × 24 h" would wait until the evening of the 26th.
    expect(isExpiryReminderDue(expiresAt, new Date('2026-03-26T12:00:00Z'))).toBe(true);
  });

  it('across the autumn change', () => {
    // Last valid day 29 October 2026 (UTC+1); its reminder day, 22 October, is UTC+2.
    const expiresAt = new Date('2026-10-29T22:59:59.999Z');
    expect(isExpiryReminderDue(expiresAt, new Date('2026-10-21T21:59:59.999Z'))).toBe(false);
    expect(isExpiryReminderDue(expiresAt, new Date('2026-10-21T22:00:00.000Z'))).toBe(true);
    expect(expiryReminderBound(new Date('2026-10-21T22:00:00.000Z')).toISOString()).toBe('2026-10-29T23:00:00.000Z');
  });

  it('is not due once the gift has expired, nor weeks ahead', () => {
    const expiresAt = new Date('2026-06-10T21:59:59.999Z');
    expect(isExpiryReminderDue(expiresAt, new Date('2026-06-10T22:00:00Z'))).toBe(false);
    expect(isExpiryReminderDue(expiresAt, new Date('2026-05-20T10:00:00Z'))).toBe(false);
    expect(isExpiryReminderDue(expiresAt, new Date('2026-06-10T21:00:00Z'))).toBe(true);
  });
});
