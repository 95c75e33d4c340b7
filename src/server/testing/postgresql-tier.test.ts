import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInPostgresqlTier, POSTGRESQL_TIER } from './postgresql-tier';

const root = path.resolve(import.meta.dirname, '../../..');

function integrationFiles(dir = 'src'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return integrationFiles(relative);
    return relative.endsWith('.int.test.ts') ? [relative] : [];
  });
}

describe('the PostgreSQL pass (ADR 110)', () => {
  const files = integrationFiles();

  it('runs every file that tests something only PostgreSQL has: none is left to run nowhere', () => {
    const onlyOnPostgresql = files.filter((file) =>
      /(runIf\(testDatabaseKind\(\) === 'postgresql'|skipIf\(testDatabaseKind\(\) === 'pglite')/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(onlyOnPostgresql.length).toBeGreaterThan(10);
    expect(onlyOnPostgresql.filter((file) => !isInPostgresqlTier(file))).toEqual([]);
  });

  it('names only folders and files that exist', () => {
    expect(POSTGRESQL_TIER.filter((entry) => !existsSync(path.join(root, entry)))).toEqual([]);
  });

  it('keeps the money module and the schema in it, and leaves the HTTP-only tests to PGlite', () => {
    expect(isInPostgresqlTier('src/server/money/ledger/ledger.int.test.ts')).toBe(true);
    expect(isInPostgresqlTier('src/server/db/migrations.int.test.ts')).toBe(true);
    expect(isInPostgresqlTier('src/server/features/gift-page/gift-card-race.int.test.ts')).toBe(true);
    expect(isInPostgresqlTier('src/server/platform/abuse/body-abuse.int.test.ts')).toBe(false);
    const share = files.filter(isInPostgresqlTier).length / files.length;
    expect(share).toBeGreaterThan(0.3);
  });
});
