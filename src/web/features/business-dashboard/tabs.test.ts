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
});

describe('isTabEnabled', () => {
  it('disables only gifts and orders while the business is inactive', () => {
    expect(isTabEnabled('gifts', false)).toBe(false);
    expect(isTabEnabled('orders', false)).toBe(false);
    expect(isTabEnabled('profile', false)).toBe(true);
    expect(isTabEnabled('gifts', true)).toBe(true);
  });
});
