import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCallsDuring } from '../testing/pglite-calls';
import { testDatabaseKind } from '../testing/test-database';
import { wrapPglite, type DatabaseHandle } from './client';
import { isUniqueViolation } from './unique-violation';

/**
 * On PGlite the server's statements are named prepared statements (client.ts,
 * preparedStatements; ADR 049): prepared once per text, then one call into PGlite each.
 * A PGlite of its own, so the statements counted are only this file's.
 */
describe.runIf(testDatabaseKind() === 'pglite')('prepared statements on PGlite', () => {
  let handle: DatabaseHandle;
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    handle = wrapPglite(client);
    await handle.db.execute(sql`create table things (id int primary key, label text not null, at timestamptz, data jsonb, n bigint)`);
  });
  afterAll(() => handle.close());

  const rows = async <T,>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  const callsDuring = (run: () => Promise<unknown>) => pgliteCallsDuring(client, run);

  it('prepares a text once, then runs it in one call, with the values of each call', async () => {
    const select = (id: number) => rows<{ id: number; label: string }>(sql`select id, label from things where id = ${id}`);
    await handle.db.execute(sql`insert into things (id, label) values (1, 'one'), (2, 'two')`);
    expect(await callsDuring(() => select(1))).toBe(2);
    let second: { id: number; label: string }[] = [];
    expect(await callsDuring(async () => (second = await select(2)))).toBe(1);
    expect(second).toEqual([{ id: 2, label: 'two' }]);
    expect(await select(3)).toEqual([]);
    const prepared = await rows<{ statement: string }>(sql`select statement from pg_prepared_statements where statement like 'select id, label from things%'`);
    expect(prepared).toHaveLength(1);
  });

  it('answers exactly as PGlite’s own query does: types, nulls, JSON, big integers, several rows', async () => {
    await handle.db.execute(
      sql`insert into things (id, label, at, data, n) values (10, 'ten', ${'2026-03-29T01:30:00Z'}, ${JSON.stringify({ a: [1, 'b'] })}, ${'9007199254740993'}), (11, 'eleven', null, null, null)`,
    );
    const text = 'select id, label, at, data, n, id * 2 as twice from things where id >= $1 order by id';
    const ours = await handle.db.execute(sql.raw(text.replace('$1', '10')));
    const theirs = await client.query(text.replace('$1', '10'));
    expect((ours as unknown as { rows: unknown[] }).rows).toEqual(theirs.rows);
    expect(theirs.rows).toHaveLength(2);
  });

  it('keeps a database error’s code and statement, and the next statement runs', async () => {
    const insert = (id: number) => handle.db.execute(sql`insert into things (id, label) values (${id}, 'x')`);
    await insert(20);
    const error = await insert(20).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { cause?: { query?: string } }).cause?.query).toContain('insert into things');
    await insert(21);
    expect(await rows(sql`select id from things where id in (20, 21) order by id`)).toEqual([{ id: 20 }, { id: 21 }]);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id, label) values (30, 'kept?')`);
        await tx.execute(sql`insert into things (id, label) values (30, 'clash')`);
      }),
    ).rejects.toThrow();
    expect(await rows(sql`select id from things where id = 30`)).toEqual([]);
  });

  it('prepares again when the table’s shape changed under a prepared statement', async () => {
    const all = () => rows<Record<string, unknown>>(sql`select * from things where id = ${1}`);
    expect(Object.keys((await all())[0]!)).not.toContain('extra');
    await handle.db.execute(sql`alter table things add column extra text`);
    // PostgreSQL refuses a prepared statement whose result changed; it is dropped and prepared anew.
    const first = await all().then(
      (r) => r,
      () => all(),
    );
    expect(Object.keys(first[0]!)).toContain('extra');
    expect(Object.keys((await all())[0]!)).toContain('extra');
  });

  it('keeps at most 500 statements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 520; i++) await handle.db.execute(sql.raw(`select ${i} as n`));
    const [{ count }] = (await rows<{ count: number }>(sql`select count(*)::int as count from pg_prepared_statements`)) as [{ count: number }];
    expect(count).toBeLessThanOrEqual(500);
    expect(count).toBeGreaterThan(400);
    // An early text was closed and is prepared again on demand.
    expect(await rows(sql.raw('select 0 as n'))).toEqual([{ n: 0 }]);
  });
});
