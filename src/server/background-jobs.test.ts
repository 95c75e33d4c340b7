import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_JOBS, type BackgroundJobDeclaration } from './background-jobs';

const root = path.resolve(import.meta.dirname, '../..');
const HEADING = '## Background jobs';

function every(ms: number): string {
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < 3_600_000) return `${ms / 60_000} min`;
  return `${ms / 3_600_000} h`;
}

/** The table docs/operations.md shows, made from the registry. */
function tableOf(jobs: readonly BackgroundJobDeclaration[]): string {
  return [
    '| Job | Every | What it does | What a run claims | Two servers at once |',
    '|---|---|---|---|---|',
    ...jobs.map((j) => `| \`${j.name}\`${j.onlyOn ? ` (${j.onlyOn === 'pglite' ? 'PGlite only' : j.onlyOn})` : ''} | ${every(j.everyMs)} | ${j.does} | ${j.claims} | \`${j.raceTest}\` |`),
  ].join('\n');
}

/** The lines of the first table under the section's heading. */
function documentedTable(doc: string): string {
  const start = doc.indexOf(`\n${HEADING}\n`);
  expect(start, `docs/operations.md has a "${HEADING}" section`).toBeGreaterThanOrEqual(0);
  const lines = doc.slice(start + 1).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rest = lines.slice(first);
  const end = rest.findIndex((l) => !l.startsWith('|'));
  return rest.slice(0, end === -1 ? undefined : end).join('\n');
}

describe('the background jobs registry', () => {
  it('is the table in docs/operations.md, row for row', () => {
    const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    // On a difference, the expected table is printed: paste it into the section.
    expect(documentedTable(doc)).toBe(tableOf(BACKGROUND_JOBS));
  });

  it('is, for the money module’s jobs, the table in its README', () => {
    const readme = readFileSync(path.join(root, 'src/server/money/README.md'), 'utf8');
    const money = BACKGROUND_JOBS.filter((j) => j.raceTest.startsWith('src/server/money/'));
    expect(money.map((j) => j.name)).toEqual(['transfers', 'refunds', 'ledger-reconciliation', 'statement-emails', 'invoices', 'verifactu-sending']);
    expect(readme).toContain(`\n${tableOf(money)}\n`);
  });

  it('names each job once, and each job’s race test exists', () => {
    const names = BACKGROUND_JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    for (const job of BACKGROUND_JOBS) {
      expect(existsSync(path.join(root, job.raceTest)), `${job.name}: ${job.raceTest}`).toBe(true);
      expect(job.everyMs).toBeGreaterThan(0);
    }
  });

  it('is the only place that starts a periodic job or a timer loop in the server', () => {
    // app.ts starts the registry; a job started anywhere else would be missing from it.
    const app = readFileSync(path.join(root, 'src/server/app.ts'), 'utf8');
    expect(app).toContain('registerBackgroundJobs(app, ctx, config)');
    expect(app).not.toMatch(/createPeriodicJob|setInterval|\.mail\.start\(\)/);
  });
});
