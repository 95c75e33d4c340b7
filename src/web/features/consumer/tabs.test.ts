import { describe, expect, it } from 'vitest';
import { consumerTabs, parseTab } from './tabs';

describe('parseTab', () => {
  it('keeps every known tab from the URL', () => {
    for (const tab of consumerTabs) expect(parseTab(tab)).toBe(tab);
  });

  it('falls back to the profile tab for a missing or unknown value', () => {
    expect(parseTab(null)).toBe('profile');
    expect(parseTab('admin')).toBe('profile');
    expect(parseTab('')).toBe('profile');
  });
});
