import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path';

describe('the return path after signing in', () => {
  it('follows a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/app?tab=businesses&business=3f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f')).toBe(
      '/app?tab=businesses&business=3f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
    );
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/b/horchateria/horchata-para-dos?lang=es#buy')).toBe('/b/horchateria/horchata-para-dos?lang=es#buy');
    // Dot segments are resolved the way the browser would, and stay on the site.
    expect(safeReturnPath('/app/../checkout')).toBe('/checkout');
  });

  it('refuses anything that could leave the site (an open redirect)', () => {
    for (const hostile of [
      'https://evil.example/app',
      'http:/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/app',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'app',
      ' /app',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(hostile), String(hostile)).toBeNull();
    }
  });

  it('does not go back to the sign-in pages or the API', () => {
    for (const path of ['/auth', '/auth?tab=signup', '/auth/forgot-password', '/api/auth/sign-out', '/api']) {
      expect(safeReturnPath(path), path).toBeNull();
    }
    expect(safeReturnPath('/authors')).toBe('/authors');
  });

  it('names the page a visitor was sent away from, unless it is an area home', () => {
    expect(signInPathFor({ pathname: '/app', search: '?tab=businesses&business=b1' })).toBe('/auth?next=%2Fapp%3Ftab%3Dbusinesses%26business%3Db1');
    expect(signInPathFor({ pathname: '/checkout', search: '' })).toBe('/auth?next=%2Fcheckout');
    expect(signInPathFor({ pathname: '/app', search: '' })).toBe('/auth');
    expect(signInPathFor({ pathname: '/business/dashboard', search: '' })).toBe('/auth');
  });
});
