import { describe, expect, it } from 'vitest';
import { verificationBadge, verificationView } from './verification-status';

describe('verificationView', () => {
  it('shows approved as verified and keeps pending and rejected', () => {
    expect(verificationView('approved')).toBe('verified');
    expect(verificationView('pending')).toBe('pending');
    expect(verificationView('rejected')).toBe('rejected');
  });

  it('shows any other value as unknown', () => {
    expect(verificationView('verified')).toBe('unknown');
    expect(verificationView('')).toBe('unknown');
    expect(verificationView(null)).toBe('unknown');
  });
});

describe('verificationBadge', () => {
  it('gives each view its own colour', () => {
    expect(verificationBadge('verified')).toBe('success');
    expect(verificationBadge('pending')).toBe('warning');
    expect(verificationBadge('rejected')).toBe('destructive');
    expect(verificationBadge('unknown')).toBe('neutral');
  });
});
