import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../testing/test-database';
import { runExclusively } from './run-exclusively';

describe('runExclusively', () => {
  it('runs the task and returns its result when nobody else holds the job', async () => {
    expect(await runExclusively(await getTestDatabase(), 'lonely-job', async () => 42)).toBe(42);
  });

  it('skips a run while another one holds the same job (PostgreSQL), and runs again once it is done', async () => {
    const database = await getTestDatabase();
    let release!: () => void;
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const first = runExclusively(database, 'busy-job', async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return 'first';
    });
    await holding;
    // On PostgreSQL the pool gives the second call another connection, as another server
    // would have. PGlite is one process: nothing to exclude, and no transaction held open.
    const second = await runExclusively(database, 'busy-job', async () => 'second');
    expect(second).toBe(database.kind === 'postgresql' ? null : 'second');
    expect(await runExclusively(database, 'another-job', async () => 'other')).toBe('other');
    release();
    expect(await first).toBe('first');
    expect(await runExclusively(database, 'busy-job', async () => 'again')).toBe('again');
  });
});
