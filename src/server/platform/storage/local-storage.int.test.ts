import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { describeStorageContract } from '../../testing/storage-contract';

describeStorageContract('local disk', async () =>
  createLocalStorage(mkdtempSync(path.join(tmpdir(), 'regalo-storage-'))),
);

describe('local disk layout', () => {
  it('keeps objects at the path their key names, with no temp files left over', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'regalo-storage-'));
    const store = createLocalStorage(dir);
    await store.put('b1/main.abc12345.webp', Buffer.from('x'), { contentType: 'image/webp' });
    expect(existsSync(path.join(dir, 'b1', 'main.abc12345.webp'))).toBe(true);
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });
});
