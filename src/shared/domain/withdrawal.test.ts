import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalStateOf } from './withdrawal';

const at = (iso: string) => new Date(iso);

describe('the withdrawal period, in Madrid calendar days to the end of a working day', () => {
  it('ends at midnight in Madrid at the end of the 14th day after the day of payment', () => {
    // 10 Nov 2026 10:00 in Madrid (UTC+1) → until 24 Nov 23:59:59.999 Madrid = 22:59:59.999Z.
    expect(withdrawalDeadline(at('2026-11-10T09:00:00Z')).toISOString()).toBe('2026-11-24T22:59:59.999Z');
    // Paid at 00:30 Madrid on 11 Nov (still 10 Nov in UTC): the day of payment is the 11th.
    expect(withdrawalDeadline(at('2026-11-10T23:30:00Z')).toISOString()).toBe('2026-11-25T22:59:59.999Z');
  });

  it('spans the spring change: paid in winter time, ends in summer time (one hour shorter)', () => {
    // 16 Mar 2026 12:00 Madrid (UTC+1); summer time from 29 Mar; ends Monday 30 Mar 23:59:59.999 (UTC+2).
    const paidAt = at('2026-03-16T11:00:00Z');
    const end = withdrawalDeadline(paidAt);
    expect(end.toISOString()).toBe('2026-03-30T21:59:59.999Z');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-03-30T21:59:59.999Z'))).toBe('open');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-03-30T22:00:00.000Z'))).toBe('ended');
    // A fixed 14 × 24 h would have ended it at 30 Mar 13:00 Madrid, eleven hours early.
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-03-30T11:00:00Z'))).toBe('open');
  });

  it('runs to the end of the next working day when the 14th day is not one (ADR 083)', () => {
    // Paid Sunday 6 Dec 2026: Sunday 20 Dec → Monday 21 Dec 23:59:59.999 Madrid.
    const paidAt = at('2026-12-06T11:00:00Z');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-12-21T10:00:00Z'))).toBe('open');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-12-21T22:59:59.999Z'))).toBe('open');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-12-21T23:00:00Z'))).toBe('ended');
  });

  it('spans the autumn change: paid in summer time, ends in winter time (one hour longer)', () => {
    // 20 Oct 2026 23:30 Madrid (UTC+2); winter time from 25 Oct; ends 3 Nov 23:59:59.999 (UTC+1).
    const paidAt = at('2026-10-20T21:30:00Z');
    expect(withdrawalDeadline(paidAt).toISOString()).toBe('2026-11-03T22:59:59.999Z');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-11-03T22:30:00Z'))).toBe('open');
    expect(withdrawalStateOf({ status: 'paid', paidAt }, at('2026-11-03T23:00:00Z'))).toBe('ended');
  });

  it('says why the right is gone, or that there is none', () => {
    const paidAt = at('2026-11-10T09:00:00Z');
    const now = at('2026-11-11T09:00:00Z');
    expect(withdrawalStateOf({ status: 'redeemed', paidAt }, now)).toBe('redeemed');
    expect(withdrawalStateOf({ status: 'withdrawn', paidAt }, now)).toBe('withdrawn');
    expect(withdrawalStateOf({ status: 'cancelled', paidAt }, now)).toBe('none');
    // Its refund still pending (ADR 084): withdrawn if the giver withdrew, nothing to withdraw from if the team cancelled.
    expect(withdrawalStateOf({ status: 'refund_pending', paidAt, withdrawnAt: now }, now)).toBe('withdrawn');
    expect(withdrawalStateOf({ status: 'refund_pending', paidAt, withdrawnAt: null }, now)).toBe('none');
    expect(withdrawalStateOf({ status: 'unpaid', paidAt: null }, now)).toBe('none');
  });
});
