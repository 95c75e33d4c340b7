import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `street-address` is the whole address, several lines: the HTML standard allows it on a
 * <textarea> only. A one-line input of a street and number is `address-line1` (the Nu HTML
 * Checker's error on the dashboard profile and the sign-up wizard).
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

describe('autocomplete tokens', () => {
  it('never puts the multi-line street-address on a one-line input', () => {
    const offenders = sourceFiles(path.join(import.meta.dirname)).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(/<(\w+)\b[^>]*autoComplete="street-address"/g)]
        .filter((match) => match[1] !== 'textarea' && match[1] !== 'Textarea')
        .map((match) => `${path.relative(import.meta.dirname, file)}: <${match[1]}>`);
    });
    expect(offenders).toEqual([]);
  });
});
