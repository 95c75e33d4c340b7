import { describe, expect, it } from 'vitest';
import { areasFor, homePathFor } from './home-path';

const consumer = { role: 'user', isBusiness: false, userType: 'consumer' } as const;

describe('home path and areas', () => {
  it('sends each role home after sign-in', () => {
    expect(homePathFor(consumer)).toBe('/app');
    expect(homePathFor({ ...consumer, isBusiness: true, userType: 'business' })).toBe('/business/dashboard');
    expect(homePathFor({ ...consumer, userType: 'business' })).toBe('/business/dashboard');
    expect(homePathFor({ ...consumer, role: 'admin' })).toBe('/admin');
    expect(homePathFor(null)).toBe('/app');
  });

  it('lists every area a user may use, home first', () => {
    expect(areasFor(consumer)).toEqual(['consumer']);
    expect(areasFor({ ...consumer, isBusiness: true })).toEqual(['business', 'consumer']);
    expect(areasFor({ ...consumer, role: 'admin', isBusiness: true })).toEqual(['admin', 'business', 'consumer']);
  });
});
