import { describe, expect, it } from 'vitest';
import { canRequestExtension, lastExtensionRequestAt } from './extension-window';

// An expiry at the end of 31 December 2026 in Valencia (UTC+1).
const expiresAt = new Date('2026-12-31T22:59:59.999Z');
const expired = { status: 'expired', expiresAt, extensionRequestedAt: null };

describe('when the recipient may ask for more time (ADR 064)', () => {
  it('only after expiry and until the end of the 90th day after it, in Valencia', () => {
    expect(canRequestExtension({ ...expired, status: 'paid' }, new Date('2026-12-31T22:00:00Z'))).toBe(false);
    // A paid gift past its date counts as expired before the job writes it.
    expect(canRequestExtension({ ...expired, status: 'paid' }, new Date('2027-01-01T08:00:00Z'))).toBe(true);
    // 31 Dec + 90 days = 31 March 2027, which is in summer time (UTC+2): it ends at 21:59:59.999Z.
    expect(canRequestExtension(expired, new Date('2027-03-31T21:59:00Z'))).toBe(true);
    expect(canRequestExtension(expired, new Date('2027-03-31T22:00:00Z'))).toBe(false);
    expect(lastExtensionRequestAt(expiresAt).toISOString()).toBe('2027-03-31T21:59:59.999Z');
  });

  it('never for a gift redeemed, withdrawn or cancelled, nor twice', () => {
    const now = new Date('2027-01-05T10:00:00Z');
    for (const status of ['redeemed', 'withdrawn', 'cancelled', 'unpaid']) expect(canRequestExtension({ ...expired, status }, now), status).toBe(false);
    expect(canRequestExtension({ ...expired, extensionRequestedAt: new Date('2027-01-02T10:00:00Z') }, now)).toBe(false);
  });
});
