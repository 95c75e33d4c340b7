import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createPglite, openDatabase, type DatabaseHandle } from './client';

/**
 * PGlite is one connection: a statement sent while another request's transaction is open
 * runs inside that transaction. The server's statements outside a transaction, and the
 * online backup's dump, wait for the transaction in progress instead (ADR 094).
 */
describe('PGlite: one transaction at a time on the one connection', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  /** A transaction that inserts `value`, then waits for `release` before it ends as `end` says. */
  function openTransaction(db: DatabaseHandle, value: number, end: 'commit' | 'rollback') {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const done = db.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (${value})`);
        inserted();
        await gate;
        if (end === 'rollback') throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => {
        if (error.message !== 'rolled back on purpose') throw error;
      });
    return { insertedYet, release, done };
  }

  /** Turns of the event loop (not a timed wait): enough for anything runnable to run. */
  const manyTurns = async () => {
    for (let i = 0; i < 200; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  const values = async (db: DatabaseHandle) =>
    ((await db.db.execute(sql`select v from t order by v`)) as unknown as { rows: { v: number }[] }).rows.map((row) => row.v);

  it('a statement outside the transaction is not rolled back with it', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.db.execute(sql`create table t (v int)`);
    const tx = openTransaction(database, 1, 'rollback');
    await tx.insertedYet;
    // drizzle's queries start when awaited: `then` starts this one now.
    const outside = database.db.execute(sql`insert into t values (2)`).then(() => undefined);
    // Give the outside statement every chance to run before the transaction ends.
    await manyTurns();
    tx.release();
    await tx.done;
    await outside;
    expect(await values(database)).toEqual([2]);
  });

  it('a dump waits for the transaction in progress, so it holds all of it', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.db.execute(sql`create table t (v int)`);
    const tx = openTransaction(database, 1, 'commit');
    await tx.insertedYet;
    const dump = database.dumpDataDir!();
    await manyTurns();
    tx.release();
    await tx.done;
    const restored = await createPglite(undefined, { loadDataDir: await dump });
    try {
      expect((await restored.query<{ v: number }>('select v from t')).rows).toEqual([{ v: 1 }]);
    } finally {
      await restored.close();
    }
  });
});
