import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientRoutes, isClientRoute } from '@shared/client-routes';

describe('the client routes the server knows', () => {
  it('are exactly the router\'s pages (but the catch-all and the landing page)', () => {
    const source = readFileSync(path.join(__dirname, 'router.tsx'), 'utf8');
    const routed = [...source.matchAll(/path="([^"*]+)"/g)].map((m) => `/${m[1]}`);
    expect([...routed].sort()).toEqual([...clientRoutes].sort());
  });

  it('match one segment per parameter, with or without a trailing slash', () => {
    expect(isClientRoute('/app')).toBe(true);
    expect(isClientRoute('/app/')).toBe(true);
    expect(isClientRoute('/checkout/abc-123/pay')).toBe(true);
    expect(isClientRoute('/checkout/abc/def/pay')).toBe(false);
    expect(isClientRoute('/apps')).toBe(false);
    expect(isClientRoute('/no-such-page')).toBe(false);
    expect(isClientRoute('/business')).toBe(false);
  });
});
