import pg from 'pg';

/**
 * Vitest global setup for the PostgreSQL tier: each worker creates its own database named
 * `regalo_test_<this process id>_w<worker>` (see test-database.ts); drop them when the run
 * ends so the shared server does not collect one set per run.
 */
export async function teardown() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`regalo_test_${process.pid}_w%`],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
