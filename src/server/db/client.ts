import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, PGlite, protocol, types, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { DATABASE_TIMEOUTS, type Config } from '../config';
import { migrationsDir } from '../paths';
import { DurableNodeFS } from './durable-node-fs';
import { claimPgliteDataDir } from './pglite-data-dir';

/**
 * Both drivers produce a PgDatabase; the rest of the server only sees this type, so every
 * query runs unchanged on embedded PGlite and on a PostgreSQL server.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle or the database itself: use cases accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgresql';
  /**
   * PGlite only: calls `onPayload` with each NOTIFY on `channel`, as the committing statement
   * returns (before its caller resumes). PostgreSQL servers poll instead (ADR 043).
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /**
   * Where the errors of connections nobody is using go (PostgreSQL: a server restart, a
   * failover, a pooler closing idle connections). Until a listener is set they go to stderr;
   * either way they never end the process (ADR 056).
   */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * Called once if the database cannot go on in this process: PGlite after a PANIC (its
   * disk failed); every later statement fails at once with a database-unavailable error.
   */
  onLost(listener: (error: Error) => void): void;
  /**
   * PGlite on the local disk with fsync on: when (performance.now()) PostgreSQL last synced a
   * file to disk (every commit syncs its WAL), undefined before the first one, in memory, or
   * after the instance stopped. Health takes a recent one as proof that the disk takes writes.
   */
  lastDiskSyncAt?(): number | undefined;
  /**
   * PGlite only: the data directory as a gzipped tarball (`dumpDataDir`), taken between two
   * transactions, never inside one (ADR 094). Restored, it starts like after a clean stop or
   * a crash: every transaction committed before the dump began is in it.
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the connection string (pg_dump, for the online backup). */
  url?: string;
  /**
   * Runs the pending migrations. `installationNumber`: this server's VERI*FACTU
   * NumeroInstalacion, for a migration that fills it into records written before it was stored.
   */
  migrate(options?: MigrateOptions): Promise<void>;
  close(): Promise<void>;
}

export interface MigrateOptions {
  installationNumber?: string;
}

/** The migration session's settings the hand-written migrations read (current_setting). */
const migrationSettings = (options: MigrateOptions = {}): [string, string][] => (options.installationNumber ? [['regalo.installation_number', options.installationNumber]] : []);

export async function openDatabase(
  config: Config['database'],
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  if (config.kind === 'postgresql') return openPostgres(config, options.poolSize ?? 10);
  const release = config.dataDir === 'memory://' ? () => undefined : claimPgliteDataDir(config.dataDir);
  try {
    return wrapPglite(await openPglite(config.dataDir, config.sharedBuffers ?? PGLITE_SHARED_BUFFERS, config.fsync ?? true), { release });
  } catch (error) {
    release();
    throw error;
  }
}

type PostgresConfig = Extract<Config['database'], { kind: 'postgresql' }>;

async function openPostgres(config: PostgresConfig, poolSize: number): Promise<DatabaseHandle> {
  // The PostgreSQL driver is loaded only when configured (memory, ADR 043).
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const statementMs = config.statementTimeoutMs ?? DATABASE_TIMEOUTS.statementMs;
  const pool = new pg.Pool({
    connectionString: config.url,
    max: poolSize,
    connectionTimeoutMillis: config.connectTimeoutMs ?? DATABASE_TIMEOUTS.connectMs,
    // The server cancels a statement past the bound (a lock wait, a runaway plan) ...
    statement_timeout: statementMs,
    // ... and the client stops waiting a little later, for when no answer can come at all
    // (a stalled network, a frozen server), which the server's own timer cannot help with.
    query_timeout: statementMs + QUERY_TIMEOUT_MARGIN_MS,
    // Dead peers are noticed by the kernel instead of by the next statement.
    keepAlive: true,
  });
  let report = (error: Error) => console.error(`database connection error (the pool reconnects): ${error.message}`);
  // An idle connection's error (pg_terminate_backend, a restart) is emitted on the pool; with
  // no listener Node turns it into an uncaught exception and the process exits. pg-pool has
  // already dropped that connection: the next request opens a new one.
  pool.on('error', (error) => report(error));
  // A connection lent out (a transaction between two statements: a checkout, a redemption) has
  // no such listener: pg-pool removes its own while the connection is borrowed, and an error
  // there would end the process too. The borrower learns of it from its next statement, which
  // fails and is answered 503 like any lost database.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  // A connection handed back while its statement never answered (the client-side timeout
  // fired inside a transaction) would make the next borrower wait behind that statement:
  // it is closed instead, and the pool opens a fresh one.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if ((client as unknown as { _getActiveQuery(): unknown })._getActiveQuery()) void client.end().catch(() => undefined);
  });
  // Fail at start-up, not on the first request, when the server cannot be reached.
  const client = await pool.connect();
  client.release();
  const db = drizzleNodePg(pool) as unknown as Database;
  // drizzle's transaction borrows a connection and sends BEGIN before the try whose finally
  // hands it back: a BEGIN that fails (the server terminated that connection) kept it borrowed
  // for good, and enough of them leave the pool empty and every request waiting. Here the
  // connection is borrowed and always returned by us; drizzle runs the transaction on it
  // (given one connection, it neither borrows nor returns). pg-pool drops a broken one.
  const runTransaction = async (...args: Parameters<Database['transaction']>) => {
    const client = await pool.connect();
    try {
      return await (drizzleNodePg(client) as unknown as Database).transaction(...args);
    } finally {
      client.release();
    }
  };
  db.transaction = runTransaction as Database['transaction'];
  return {
    db,
    kind: 'postgresql',
    url: config.url,
    onConnectionError: (listener) => {
      report = listener;
    },
    // A server that restarts comes back by itself: the pool reconnects.
    onLost: () => undefined,
    // Its own connection, without the pool's bounds: a migration may take long, and waiting
    // for another server's migration lock is expected.
    migrate: (options) => migrateWithLock(new pg.Client({ connectionString: config.url }), options),
    close: () => pool.end(),
  };
}

/** How much longer than the server's statement timeout the client waits for an answer. */
const QUERY_TIMEOUT_MARGIN_MS = 1000;

/**
 * PostgreSQL's buffer cache inside PGlite's WebAssembly memory. PGlite keeps PostgreSQL's
 * default of 128 MB, and ≈ 150 MB of its memory ended up resident after the catalogue
 * benchmark; with 16 MB, ≈ 50 MB. The server's busy pages are far fewer; one that does not
 * fit is read back from the data directory (which the operating system caches too).
 * ADR 038; PGLITE_SHARED_BUFFERS overrides it.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * The PostgreSQL extensions the schema uses (search: `unaccent` and `pg_trgm`, migration
 * 0006). A PostgreSQL server ships them as contrib modules; PGlite needs their code handed to
 * every instance that opens a database with them, before `CREATE EXTENSION` or any query.
 */
export const pgliteExtensions = { unaccent, pg_trgm };

/** A PGlite instance able to run Regalo's schema: every PGlite the code opens comes from here. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: { ...pgliteExtensions, ...options.extensions } });
}

/**
 * Opens PGlite the way the server runs it. The very first start of a data directory runs
 * initdb, and that instance keeps about 400 MB more for as long as it lives (measured in
 * ADR 038), so a new directory is created in a child process that then exits, and opened
 * here: once per installation, a second or two. Closed in this process instead, the
 * instance's ≈ 450 MB of WebAssembly memory stayed resident until a major collection, which
 * a server allocating little may not run for a long time (ADR 049).
 */
async function openPglite(dataDir: string, sharedBuffers: string = PGLITE_SHARED_BUFFERS, fsync = true): Promise<PGlite> {
  const options = { startParams: pgliteStartParams(sharedBuffers, fsync) };
  if (dataDir === 'memory://') return createPglite(dataDir, options);
  mkdirSync(dataDir, { recursive: true });
  // initdb only: the extensions are created by the migrations, in this process.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createDataDir(dataDir, options);
  return PGlite.create({ ...options, extensions: pgliteExtensions, fs: fsync ? new DurableNodeFS(dataDir) : new NodeFS(dataDir) });
}

/**
 * PGlite's defaults start PostgreSQL with `-F` (fsync off). With fsync on, PostgreSQL syncs
 * its WAL at each commit with fsync(), the one call DurableNodeFS carries to the disk
 * (Emscripten's fdatasync, PostgreSQL's default on Linux, does nothing). ADR 056.
 */
export function pgliteStartParams(sharedBuffers: string = PGLITE_SHARED_BUFFERS, fsync = true): string[] {
  const defaults = fsync ? PGlite.defaultStartParams.filter((param) => param !== '-F') : PGlite.defaultStartParams;
  return [...defaults, '-c', `shared_buffers=${sharedBuffers}`, ...(fsync ? ['-c', 'wal_sync_method=fsync'] : [])];
}

function createDataDir(dataDir: string, options: { startParams: string[] }): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
    await (await PGlite.create(${JSON.stringify(dataDir)}, ${JSON.stringify(options)})).close();`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '--eval', script], (error, _stdout, stderr) => {
      if (error) reject(new Error(`could not create the database in ${dataDir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

/** Any constant both versions of the server agree on; names the migration lock. */
const MIGRATION_LOCK_ID = 7_301_402;

/**
 * Several servers start at once (a scale-out, a rolling deploy): each would run the same
 * migrations and all but one would fail on "relation already exists". A session-level
 * advisory lock lets the first one migrate while the others wait, then find nothing to do.
 */
async function migrateWithLock(client: pg.Client, options?: MigrateOptions): Promise<void> {
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      for (const [name, value] of migrationSettings(options)) await client.query('select set_config($1, $2, false)', [name, value]);
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/**
 * `logger`: drizzle's, for a benchmark that counts the statements each request runs.
 * `release`: called after the instance is closed (the data directory's lock).
 */
export function wrapPglite(client: PGlite, options: { logger?: Logger; release?: () => void } = {}): DatabaseHandle {
  const lost = stopAfterPanic(client);
  const db = drizzlePglite(withSharedParsers(client), { logger: options.logger }) as unknown as Database;
  // What callers reach through `$client` (dumps, the benchmark's memory figures) is PGlite itself.
  (db as unknown as { $client: PGlite }).$client = client;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    // In-process: there is no connection to lose.
    onConnectionError: () => undefined,
    onLost: lost.onLost,
    lastDiskSyncAt: () => (!lost.error() && client.fs instanceof DurableNodeFS ? client.fs.lastSyncedAt : undefined),
    // PGlite's own dumpDataDir takes only the statement lock, which a transaction releases
    // between its statements: a dump could land inside a transaction. Under the transaction
    // lock too, it waits for the transaction in progress and holds the next one back.
    dumpDataDir: () => client._runExclusiveTransaction(() => client.dumpDataDir('gzip')),
    migrate: async (options) => {
      for (const [name, value] of migrationSettings(options)) await client.query('select set_config($1, $2, false)', [name, value]);
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
    },
    close: async () => {
      // A stopped instance is not called again (see stopAfterPanic): nothing to close.
      if (!lost.error()) await client.close();
      options.release?.();
    },
  };
}

/**
 * When a write fails at the disk (read-only, failing, full), PostgreSQL PANICs. Inside PGlite
 * the statement returns that error, and the next call into its WebAssembly never returned:
 * the main thread spun at 100 % CPU, so health stopped answering and SIGTERM's handler never
 * ran (ADR 056). So after a PANIC (or FATAL) the instance is never entered again:
 * every call into it throws at once, a database-unavailable error (503), and `onLost`
 * listeners hear it once, so the server can log it and exit to be restarted.
 */
function stopAfterPanic(client: PGlite) {
  let lostWith: Error | undefined;
  const listeners: ((error: Error) => void)[] = [];
  const stopped = () =>
    Object.assign(new Error(`the embedded database stopped after a failure: ${lostWith!.message}`), { code: '58030', severity: 'FATAL', cause: lostWith });
  const watch = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        const severity = (error as { severity?: string }).severity;
        if (!lostWith && (severity === 'PANIC' || severity === 'FATAL')) {
          lostWith = error as Error;
          for (const listener of listeners) listener(lostWith);
        }
        throw error;
      }
    };
  // Every statement, PGlite's own included (BEGIN, ROLLBACK, LISTEN), goes through these.
  const raw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    if (lostWith) throw stopped();
    return raw(message);
  };
  client.execProtocol = watch(client.execProtocol.bind(client));
  client.execProtocolStream = watch(client.execProtocolStream.bind(client));
  return {
    error: () => lostWith,
    onLost: (listener: (error: Error) => void) => {
      listeners.push(listener);
    },
  };
}

/**
 * The type ids whose text drizzle maps itself (dates, timestamps, intervals and their arrays:
 * drizzle-orm/pglite's session passes these same identity parsers with every query).
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;
const ARRAY_ROWS = { rowMode: 'array' } as const;
const OBJECT_ROWS = { rowMode: 'object' } as const;

type QueryOptions = Parameters<PGlite['query']>[2];

/** drizzle's options without its parsers, which the instance already has (see withSharedParsers). */
function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  if (Object.keys(options).length !== 2) return { ...options, parsers: undefined };
  return options.rowMode === 'array' ? ARRAY_ROWS : OBJECT_ROWS;
}

/**
 * drizzle-orm/pglite passes its parsers with every statement, and PGlite then copies its whole
 * parser table (≈ 320 entries) into a new object for each one: a third of what a checkout
 * allocated on PGlite (≈ 1,570 → 870 KB per checkout without it), and young-generation GC
 * pauses were what the slow requests waited on (ADR 043). The parsers are installed on the
 * instance once instead, and this client, the one drizzle gets, drops them from each call.
 * Its statements are prepared ones (see preparedStatements). It is only for drizzle: it has
 * what drizzle's session calls (query, transaction).
 */
function withSharedParsers(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = keepText;
  const run = preparedStatements(client);
  const adapter = {
    query: (text: string, params?: unknown[], options?: QueryOptions) => run(text, params, withoutParsers(options), false),
    transaction: <T>(body: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        insideTransactionBody.run(true, () =>
          body({ ...tx, query: (text: string, params?: unknown[], options?: QueryOptions) => run(text, params, withoutParsers(options), true) } as Transaction),
        ),
      ),
  };
  return adapter as unknown as PGlite;
}

/** Statements kept prepared at once; the least recently used one is closed beyond that. */
const PREPARED_STATEMENTS = 500;
/** PostgreSQL's codes for a prepared statement that is gone, or whose result type changed. */
const STALE_STATEMENT_CODES = new Set(['26000', '0A000']);

interface PreparedStatement {
  name: string;
  /** The parameters' type ids, which choose each value's serializer. */
  paramTypes: number[];
  /** What the statement returns (absent when it returns no rows), described once. */
  rowDescription: BackendMessage | undefined;
}

type Results = Awaited<ReturnType<PGlite['query']>>;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * PGlite's own `query` sends every statement unnamed: parse, describe, bind, describe,
 * execute and sync, six calls into its WebAssembly, and PostgreSQL parses and plans the text
 * each time. Inside WebAssembly that was most of a request's cost: the gift page's query took
 * ≈ 1.5 ms that way and ≈ 0.3 ms as a prepared statement (ADR 049). So each distinct text is
 * prepared once under a name (parsed, and described: its parameter types and its row shape),
 * and every later call is one bind, execute and sync in a single call. PostgreSQL keeps the
 * statement for the connection's life, checks it against schema changes itself, and after a
 * few runs reuses a generic plan where that is as good. drizzle's texts are per query shape
 * (values are parameters), so the set is small; PREPARED_STATEMENTS bounds it anyway.
 * Runs under PGlite's query lock (and outside a transaction its transaction lock), like its
 * own `query`, so statements never interleave.
 */
/** Set while a transaction's body runs (see preparedStatements). */
const insideTransactionBody = new AsyncLocalStorage<true>();

function preparedStatements(client: PGlite) {
  const statements = new Map<string, PreparedStatement>();
  let counter = 0;
  const send = (...messages: Uint8Array[]) => client.execProtocolStream(concatBytes(messages), { syncToFs: false });

  async function prepare(text: string, types: number[] | undefined): Promise<PreparedStatement> {
    if (statements.size >= PREPARED_STATEMENTS) {
      const [oldestKey, oldest] = statements.entries().next().value!;
      statements.delete(oldestKey);
      await send(protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync());
    }
    const name = `regalo_${++counter}`;
    const described = await send(
      protocol.serialize.parse({ name, text, types }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(described), rowDescription: described.find((m) => m.name === 'rowDescription') };
  }

  // A statement outside a transaction also takes the transaction lock, as PGlite's own `query`
  // does: on the one connection, a statement sent between two statements of another
  // request's transaction would run inside it, see its uncommitted rows and be rolled back
  // with it after its caller was told it was done.
  // (A statement on the database made from inside a transaction's own body would wait for
  // that transaction forever: it keeps the statement lock only, as before.)
  const exclusive = <T>(inTransaction: boolean, body: () => Promise<T>): Promise<T> =>
    inTransaction || insideTransactionBody.getStore()
      ? client._runExclusiveQuery(body)
      : client._runExclusiveTransaction(() => client._runExclusiveQuery(body));

  return (text: string, params: unknown[] = [], options: QueryOptions, inTransaction: boolean): Promise<Results> =>
    exclusive(inTransaction, async () => {
      const key = options?.paramTypes ? `${options.paramTypes.join(',')}:${text}` : text;
      let statement = statements.get(key);
      if (statement) {
        // Most recently used last: the map's first entry is the one to close.
        statements.delete(key);
        statements.set(key, statement);
      }
      let messages: BackendMessage[];
      try {
        if (!statement) {
          statement = await prepare(text, options?.paramTypes);
          statements.set(key, statement);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = statement!.paramTypes[i]!;
          const serialize = options?.serializers?.[type] ?? client.serializers[type];
          return serialize ? serialize(value) : String(value);
        });
        messages = await send(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync());
      } catch (error) {
        if (statement && STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) {
          statements.delete(key);
          // Closing a statement that is already gone is no error; in a failed transaction the
          // close itself may be refused, and then the name is left behind, unused.
          await send(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()).catch(() => undefined);
        }
        // As PGlite's own query does: the error carries the statement it came from.
        throw Object.assign(error as object, { query: text, params, queryOptions: options });
      }
      // Outside a transaction PGlite's own query hands the write to its file system here.
      if (!inTransaction) await client.syncToFs();
      return parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, client.parsers, options)[0]!;
    });
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
