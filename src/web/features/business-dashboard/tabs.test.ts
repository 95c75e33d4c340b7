import { describe, expect, it } from 'vitest';
import { isTabEnabled, parseTab } from './tabs';

const active = { isActive: true, verificationStatus: 'approved' };
const applicant = { isActive: false, verificationStatus: 'pending' };
const deactivated = { isActive: false, verificationStatus: 'approved' };

describe('parseTab', () => {
  it('opens the tab named in the URL', () => {
    expect(parseTab('profile', applicant)).toBe('profile');
    expect(parseTab('orders', active)).toBe('orders');
    expect(parseTab('analytics', applicant)).toBe('analytics');
    // A deactivated business still sees the money it is owed and its statements.
    expect(parseTab('payouts', deactivated)).toBe('payouts');
  });

  it('falls back to verification for a missing or unknown tab', () => {
    expect(parseTab(null, active)).toBe('verification');
    expect(parseTab('settings', active)).toBe('verification');
  });

  it('keeps an inactive business out of gifts and orders', () => {
    expect(parseTab('gifts', applicant)).toBe('verification');
    expect(parseTab('orders', deactivated)).toBe('verification');
  });

  it('opens redeem (the installed app’s start page) for an active business, and still after a deactivation', () => {
    expect(parseTab('redeem', active)).toBe('redeem');
    expect(parseTab('redeem', deactivated)).toBe('redeem');
    expect(parseTab('redeem', applicant)).toBe('verification');
  });
});

describe('isTabEnabled', () => {
  it('disables gifts and orders while inactive, and redeem only for a business never approved', () => {
    expect(isTabEnabled('redeem', applicant)).toBe(false);
    expect(isTabEnabled('redeem', deactivated)).toBe(true);
    expect(isTabEnabled('gifts', applicant)).toBe(false);
    expect(isTabEnabled('orders', applicant)).toBe(false);
    expect(isTabEnabled('profile', applicant)).toBe(true);
    expect(isTabEnabled('gifts', active)).toBe(true);
  });
});
