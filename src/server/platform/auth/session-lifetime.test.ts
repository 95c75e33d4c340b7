import { describe, expect, it } from 'vitest';
import {
  absoluteSessionEnd,
  clampSessionExpiry,
  isPastAbsoluteLifetime,
  SESSION_ABSOLUTE_SECONDS,
} from './session-lifetime';

const created = new Date('2026-01-01T10:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('session lifetime', () => {
  it('ends 90 days after sign-in', () => {
    expect(SESSION_ABSOLUTE_SECONDS).toBe(90 * 24 * 60 * 60);
    expect(absoluteSessionEnd(created).toISOString()).toBe('2026-04-01T10:00:00.000Z');
  });

  it('lets the idle expiry slide until the absolute end, never past it', () => {
    const early = new Date(created.getTime() + 40 * day);
    expect(clampSessionExpiry(early, created)).toEqual(early);
    const late = new Date(created.getTime() + 100 * day);
    expect(clampSessionExpiry(late, created)).toEqual(absoluteSessionEnd(created));
  });

  it('is past its lifetime from the absolute end on', () => {
    expect(isPastAbsoluteLifetime(created, new Date(created.getTime() + 90 * day - 1))).toBe(false);
    expect(isPastAbsoluteLifetime(created, new Date(created.getTime() + 90 * day))).toBe(true);
  });
});
