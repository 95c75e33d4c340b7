import { describe, expect, it } from 'vitest';
import { prefersJson } from './accept-header';

describe('prefersJson', () => {
  it('is false without a header, for */* and for what browsers send', () => {
    for (const accept of [undefined, '', '*/*', 'text/html', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/*', 'image/png, */*;q=0.5']) {
      expect(prefersJson(accept), String(accept)).toBe(false);
    }
  });

  it('is true when JSON ranks above HTML', () => {
    for (const accept of ['application/json', 'application/problem+json', 'application/json, text/plain, */*', 'application/*', 'text/html;q=0.5, application/json', 'APPLICATION/JSON']) {
      expect(prefersJson(accept), accept).toBe(true);
    }
  });

  it('follows the most specific range, not the order', () => {
    expect(prefersJson('*/*;q=0.1, text/html')).toBe(false);
    expect(prefersJson('text/html;q=0, */*')).toBe(true);
    expect(prefersJson('application/json;q=0.5, text/html;q=0.5')).toBe(false);
    expect(prefersJson('application/json, text/html')).toBe(false);
    expect(prefersJson('text/html, application/json')).toBe(false);
    expect(prefersJson('application/json;q=nonsense, text/html;q=0.1')).toBe(false);
  });
});
