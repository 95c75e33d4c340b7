import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locale';

/*
 * Every text exists in every language of the locale module (shared/locale.ts): same namespace
 * files, same keys (deep, plural suffixes such as `_one`/`_other` included), the same
 * `{{placeholders}}` in each key, and no empty values. It scans every namespace, whoever owns
 * it, so a key added in one language only fails the build.
 */
const localesDir = path.dirname(fileURLToPath(import.meta.url));
const languages = LOCALES;
const others = LOCALES.filter((language) => language !== 'en');

/** The `{{name}}` placeholders of a text, sorted, each once. */
function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1]!))].sort();
}

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
  it('exist for exactly the languages of the locale module', () => {
    const directories = readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(directories.sort()).toEqual([...LOCALES].sort());
  });

  it('have the same namespace files in every language', () => {
    for (const language of others) expect(namespaceFiles(language), language).toEqual(namespaceFiles('en'));
    expect(namespaceFiles('en')).toContain('common.json');
  });

  for (const file of namespaceFiles('en')) {
    describe(file, () => {
      for (const language of others) {
        it(`has exactly the same keys in English and ${language}`, () => {
          const en = [...load('en', file).keys()].sort();
          const other = [...load(language, file).keys()].sort();
          const missing = en.filter((key) => !other.includes(key));
          const extra = other.filter((key) => !en.includes(key));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it(`has the same {{placeholders}} in English and ${language}`, () => {
          const en = load('en', file);
          const other = load(language, file);
          const differing = [...en]
            .filter(([key, text]) => other.has(key) && placeholders(text).join() !== placeholders(other.get(key)).join())
            .map(([key, text]) => `${key}: en {${placeholders(text).join()}} ${language} {${placeholders(other.get(key)).join()}}`);
          expect(differing).toEqual([]);
        });
      }

      // The server refuses text holding a NUL (`platform/refuse-nul.ts`) with its own field
      // code; every group of field errors that words control characters words that one too.
      it('words the NUL refusal wherever it words control characters', () => {
        const keys = [...load('en', file).keys()];
        const groups = keys.filter((key) => key.endsWith('.control_character_in_text')).map((key) => key.slice(0, -'control_character_in_text'.length));
        expect(groups.filter((group) => !keys.includes(`${group}nul_character`))).toEqual([]);
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

  it('finds the placeholders of a text', () => {
    expect(placeholders('Hola {{name}}, {{ count }} regals de {{name}}')).toEqual(['count', 'name']);
    expect(placeholders('cap')).toEqual([]);
  });

  it('makes a key missing in one language visible', () => {
    const en = [...flattenCatalogue({ a: { b: 'x', c: 'y' } }).keys()];
    const es = [...flattenCatalogue({ a: { b: 'x' } }).keys()];
    expect(en.filter((key) => !es.includes(key))).toEqual(['a.c']);
  });
});
