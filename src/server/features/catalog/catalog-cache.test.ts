import { describe, expect, it } from 'vitest';
import { CatalogCache } from './catalog-cache';

describe('CatalogCache', () => {
  it('computes once per key and version; requests that miss together share one computation', async () => {
    const cache = new CatalogCache();
    let runs = 0;
    const compute = async () => ++runs;
    const [x, y] = await Promise.all([cache.through('v1', 'k', compute), cache.through('v1', 'k', compute)]);
    expect([x, y, runs]).toEqual([1, 1, 1]);
    expect(await cache.through('v1', 'k', compute)).toBe(1);
    expect(await cache.through('v1', 'other', compute)).toBe(2);
    expect(await cache.through('v2', 'k', compute)).toBe(3);
    // Entries of v2 are not answers for a request that read v1, nor are v1's kept.
    expect(await cache.through('v1', 'k', compute)).toBe(4);
  });

  it('caches nothing without a version, and never a failure', async () => {
    const cache = new CatalogCache();
    let runs = 0;
    const compute = async () => ++runs;
    await cache.through(null, 'k', compute);
    await cache.through(null, 'k', compute);
    expect(runs).toBe(2);

    await expect(cache.through('v1', 'k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.through('v1', 'k', compute)).toBe(3);
  });
});
