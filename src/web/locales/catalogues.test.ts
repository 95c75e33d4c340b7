import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every text exists in both languages: same namespace files, same keys (deep, plural
 * suffixes such as `_one`/`_other` included), and no empty values. It scans every
 * namespace, whoever owns it, so a key added in one language only fails the build.
 */
const localesDir = path.dirname(fileURLToPath(import.meta.url));
const languages = ['en', 'es'] as const;

function namespaceFiles(language: string) {
  return readdirSync(path.join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .sort();
}

function flattenCatalogue(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [childKey, leaf] of flattenCatalogue(child, prefix ? `${prefix}.${key}` : key)) entries.set(childKey, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

function load(language: string, file: string) {
  return flattenCatalogue(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as unknown);
}

describe('translation catalogues', () => {
  it('have the same namespace files in every language', () => {
    expect(namespaceFiles('es')).toEqual(namespaceFiles('en'));
    expect(namespaceFiles('en')).toContain('common.json');
  });

  for (const file of namespaceFiles('en')) {
    describe(file, () => {
      it('has exactly the same keys in English and Spanish', () => {
        const [en, es] = languages.map((language) => [...load(language, file).keys()].sort());
        const missingInSpanish = en!.filter((key) => !es!.includes(key));
        const missingInEnglish = es!.filter((key) => !en!.includes(key));
        expect({ missingInSpanish, missingInEnglish }).toEqual({ missingInSpanish: [], missingInEnglish: [] });
      });

      for (const language of languages) {
        it(`has only non-empty texts in ${language}`, () => {
          const invalid = [...load(language, file)].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
          expect(invalid).toEqual([]);
        });
      }
    });
  }
});

describe('flattenCatalogue', () => {
  it('lists nested and plural keys by their full path', () => {
    const keys = [...flattenCatalogue({ a: { b: 'x', c_one: 'y', c_other: 'z' }, d: '' }).keys()];
    expect(keys).toEqual(['a.b', 'a.c_one', 'a.c_other', 'd']);
  });

  it('makes a key missing in one language visible', () => {
    const en = [...flattenCatalogue({ a: { b: 'x', c: 'y' } }).keys()];
    const es = [...flattenCatalogue({ a: { b: 'x' } }).keys()];
    expect(en.filter((key) => !es.includes(key))).toEqual(['a.c']);
  });
});
