import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why, in words or by citing the ADR that holds the reason (docs/decisions): a
 * tracker's number means nothing to someone reading the repository. This keeps such numbers
 * out of the source, the tests, the benches and the scripts.
 *
 * Migration SQL is checked too: its comments may be reworded (drizzle's migrator compares
 * timestamps, not the files' text). Only this file is left alone.
 */
const root = join(import.meta.dirname, '..');
const folders = ['src', 'e2e', 'bench', 'scripts'];
const textFile = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|css|html|md|sql|sh|yml|yaml)$/;
const skippedFolders = new Set(['node_modules', 'dist', '.vite', 'test-results', 'playwright-report']);
const self = relative(root, import.meta.filename).split(sep).join('/');

const trackerNumber = /\bissues?\s+#?\d/i;

function isLeftAlone(path: string): boolean {
  return path === self;
}

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(join(dir, entry.name));
      } else if (textFile.test(entry.name)) {
        found.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
      }
    }
  };
  walk(join(root, folder));
  return found;
}

/** Every `path:line: text` that cites a tracker number. */
function trackerNumbersIn(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (trackerNumber.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
}

describe('no tracker numbers in comments', () => {
  it('finds one where it is written, in any case, and not in words that merely look alike', () => {
    // Put together here so that a plain text search of this file finds nothing either.
    const word = 'Issue';
    const sample = [
      `// Slow clients (${word} 27, finding 2): a bounded header time.`,
      ` * see ${word.toLowerCase()}s 13 and 27`,
      '// the shop window (ADR 067): server-rendered',
      "const issue = { id: 3 }; // an issue's id",
    ].join('\n');
    expect(trackerNumbersIn('x.ts', sample)).toEqual([
      `x.ts:1: // Slow clients (${word} 27, finding 2): a bounded header time.`,
      'x.ts:2: * see issues 13 and 27',
    ]);
  });

  it('leaves this file alone, nothing else', () => {
    expect(isLeftAlone('src/server/db/migrations/0014_shop-window.sql')).toBe(false);
    expect(isLeftAlone(self)).toBe(true);
    expect(isLeftAlone('src/server/db/migrations/meta/_journal.json')).toBe(false);
    expect(isLeftAlone('src/server/db/schema/orders.ts')).toBe(false);
    expect(isLeftAlone('scripts/docs-match-code.test.ts')).toBe(false);
  });

  it('finds none in src/, e2e/, bench/ or scripts/', () => {
    const files = folders.flatMap(filesUnder).filter((path) => !isLeftAlone(path));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => trackerNumbersIn(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });
});
