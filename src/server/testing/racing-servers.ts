import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client';
import type { TestApp } from './test-app';

/** One "server" of a race: its own connection pool on the test's PostgreSQL database. */
export interface RacingServer {
  db: Database;
  /** The handle a job's advisory lock (runExclusively) takes: PostgreSQL, on this pool. */
  database: DatabaseHandle;
}

/**
 * Several servers' worth of connections to the test app's PostgreSQL database, for a job run
 * by each at the same moment (ADR 097): each has its own pool, opened and warmed before the
 * race, so the runs start together instead of queuing for a connection.
 */
export async function openRacingServers(t: TestApp, count: number): Promise<{ servers: RacingServer[]; close(): Promise<void> }> {
  const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
  const pools = Array.from({ length: count }, () => new pg.Pool({ connectionString, max: 2 }));
  const servers = pools.map((pool) => {
    const db = drizzle(pool) as unknown as Database;
    return { db, database: { ...t.database, kind: 'postgresql', db } as DatabaseHandle };
  });
  await Promise.all(servers.map((s) => s.db.execute(sql`select 1`)));
  return { servers, close: async () => void (await Promise.all(pools.map((p) => p.end()))) };
}

/**
 * One pool of `size` connections to the test app's PostgreSQL database, all opened before the
 * race, for racers inside one server (two phones at one counter): each racer's transaction gets
 * a connection of its own at once instead of queuing for one.
 */
export async function openRacingPool(t: TestApp, size: number): Promise<{ racers: Database; close(): Promise<void> }> {
  const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
  const pool = new pg.Pool({ connectionString, max: size });
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  for (const client of clients) client.release();
  return { racers: drizzle(pool) as unknown as Database, close: () => pool.end() };
}
