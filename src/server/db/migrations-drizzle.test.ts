import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * drizzle-kit diffs the schema against the newest snapshot to write the next migration, and
 * checks the snapshots' chain for migrations generated side by side (ADR 099). A migration
 * without its snapshot, a snapshot that does not match its SQL, or a schema change without a
 * migration would make the next `drizzle-kit generate` write the wrong SQL without a word.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const migrationsDir = join(root, 'src/server/db/migrations');
const drizzleKit = join(root, 'node_modules/drizzle-kit/bin.cjs');

type JournalEntry = { idx: number; when: number; tag: string };
const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};
const entries = journal.entries;
const number = (idx: number) => String(idx).padStart(4, '0');
const snapshotPath = (idx: number) => join(migrationsDir, 'meta', `${number(idx)}_snapshot.json`);
const snapshotOf = (idx: number) => JSON.parse(readFileSync(snapshotPath(idx), 'utf8')) as DrizzleSnapshotJSON;
const sqlOf = (entry: JournalEntry) => readFileSync(join(migrationsDir, `${entry.tag}.sql`), 'utf8');

/** A statement compared as drizzle writes it: comments dropped, white space folded. */
function normalise(statement: string): string {
  return statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

const statementsOf = (entry: JournalEntry) =>
  sqlOf(entry).split('--> statement-breakpoint').map(normalise).filter(Boolean);

const temporaryFolders: string[] = [];
afterAll(() => {
  for (const folder of temporaryFolders) rmSync(join(root, folder), { recursive: true, force: true });
});

/** A copy of the migrations folder, so drizzle-kit can write into it and the repository stays as it is. */
function copyOfMigrations(): string {
  // Inside the repository (in the ignored .test-data): drizzle-kit reads `--out` as relative.
  mkdirSync(join(root, '.test-data'), { recursive: true });
  const folder = relative(root, mkdtempSync(join(root, '.test-data', 'migrations-')));
  temporaryFolders.push(folder);
  cpSync(migrationsDir, join(root, folder), { recursive: true });
  return folder;
}

async function runDrizzleKit(args: string[]): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [drizzleKit, ...args], {
    cwd: root,
    timeout: 90_000,
  });
  return `${stdout}\n${stderr}`;
}

const listFiles = (folder: string) =>
  [...readdirSync(join(root, folder)), ...readdirSync(join(root, folder, 'meta')).map((name) => `meta/${name}`)].sort();

describe('migrations as drizzle-kit reads them', () => {
  it('are numbered in the journal’s order, with rising timestamps', () => {
    // drizzle's migrator applies every migration newer than the newest one a database has run,
    // so the timestamps must rise. Some were set by hand when branches were merged (round
    // numbers, 0005–0010 a second apart): they rise, and databases already migrated recorded
    // them, so they stay as they are.
    entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(`${number(i)}_`), entry.tag).toBe(true);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(entries[i - 1]!.when);
    });
    const sqlFiles = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort();
    expect(sqlFiles).toEqual(entries.map((entry) => `${entry.tag}.sql`));
  });

  it('each have a snapshot, chained to the one before', () => {
    const snapshots = readdirSync(join(migrationsDir, 'meta')).filter((name) => name.endsWith('_snapshot.json')).sort();
    expect(snapshots).toEqual(entries.map((entry) => `${number(entry.idx)}_snapshot.json`));
    let previous = '00000000-0000-0000-0000-000000000000';
    for (const entry of entries) {
      const snapshot = snapshotOf(entry.idx);
      expect(snapshot.prevId, entry.tag).toBe(previous);
      previous = snapshot.id;
    }
  });

  it('each hold every statement drizzle derives from its snapshot and the one before, and say where they add their own', async () => {
    let previous = snapshotOf(0);
    expect(statementsOf(entries[0]!)).toEqual(
      expect.arrayContaining((await generateMigration(emptySnapshot(), previous)).map(normalise)),
    );
    for (const entry of entries.slice(1)) {
      const current = snapshotOf(entry.idx);
      const derived = (await generateMigration(previous, current)).map(normalise);
      const written = statementsOf(entry);
      expect(derived.filter((statement) => !written.includes(statement)), entry.tag).toEqual([]);
      // Triggers, functions, extensions and data moves are written by hand: the file says so.
      const ownStatements = written.filter((statement) => !derived.includes(statement));
      if (ownStatements.length > 0) expect(sqlOf(entry), entry.tag).toMatch(/^-- Hand-written: \S/m);
      previous = current;
    }
  });

  it('pass drizzle-kit check', { timeout: 120_000 }, async () => {
    const output = await runDrizzleKit(['check', '--dialect', 'postgresql', '--out', copyOfMigrations()]);
    expect(output).toContain('Everything\'s fine');
  });

  it('are complete: generating from the unchanged schema writes no migration', { timeout: 120_000 }, async () => {
    const folder = copyOfMigrations();
    const before = listFiles(folder);
    const output = await runDrizzleKit([
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/server/db/schema/*.ts',
      '--out',
      folder,
      '--name',
      'unexpected',
    ]);
    expect(listFiles(folder)).toEqual(before);
    expect(output).toContain('No schema changes');
    expect(existsSync(join(root, folder, `${number(entries.length)}_unexpected.sql`))).toBe(false);
  });
});

function emptySnapshot(): DrizzleSnapshotJSON {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    prevId: '',
    version: '7',
    dialect: 'postgresql',
    tables: {},
    enums: {},
    schemas: {},
    sequences: {},
    roles: {},
    policies: {},
    views: {},
    _meta: { columns: {}, schemas: {}, tables: {} },
  };
}
