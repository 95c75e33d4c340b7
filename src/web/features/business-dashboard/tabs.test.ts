import { describe, expect, it } from 'vitest';
import { isTabEnabled, parseTab } from './tabs';

describe('parseTab', () => {
  it('opens the tab named in the URL', () => {
    expect(parseTab('profile', false)).toBe('profile');
    expect(parseTab('orders', true)).toBe('orders');
    expect(parseTab('analytics', false)).toBe('analytics');
  });

  it('falls back to verification for a missing or unknown tab', () => {
    expect(parseTab(null, true)).toBe('verification');
    expect(parseTab('settings', true)).toBe('verification');
  });

  it('keeps an inactive business out of gifts and orders', () => {
    expect(parseTab('gifts', false)).toBe('verification');
    expect(parseTab('orders', false)).toBe('verification');
  });

  it('opens redeem (the installed app’s start page) only for an active business', () => {
    expect(parseTab('redeem', true)).toBe('redeem');
    expect(parseTab('redeem', false)).toBe('verification');
  });
});

describe('isTabEnabled', () => {
  it('disables only gifts, orders and redeem while the business is inactive', () => {
    expect(isTabEnabled('redeem', false)).toBe(false);
    expect(isTabEnabled('gifts', false)).toBe(false);
    expect(isTabEnabled('orders', false)).toBe(false);
    expect(isTabEnabled('profile', false)).toBe(true);
    expect(isTabEnabled('gifts', true)).toBe(true);
  });
});
