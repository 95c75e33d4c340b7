import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { languages, type Language } from './language';
import { translate, type Catalogue, type TextOptions } from './text';

/*
 * The app translates with lib/text.ts, which follows i18next's catalogue rules (the format the
 * catalogues are written in; i18next is kept as a development dependency for this test only).
 * This renders every key of every namespace through both, with the values its placeholders ask
 * for (and several counts for plural keys), and requires identical text, so a catalogue feature
 * only i18next understands cannot slip into a text the app shows.
 */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/locales');
const namespaces = readdirSync(path.join(localesDir, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

const read = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Catalogue;

function leaves(node: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The calls a component could make for one leaf: plain, with its placeholders, with counts. */
function callsFor(key: string, text: string): [string, TextOptions | undefined][] {
  const baseKey = key.replace(pluralSuffix, '');
  const names = [...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1]!);
  const values = Object.fromEntries(names.map((name) => [name, `‹${name}›`]));
  const calls: [string, TextOptions | undefined][] = [[baseKey, undefined], [baseKey, values]];
  if (pluralSuffix.test(key) || names.includes('count')) {
    for (const count of [0, 1, 2, 21]) calls.push([baseKey, { ...values, count }]);
  }
  return calls;
}

describe('lib/text renders the catalogues exactly like i18next', () => {
  const instance = i18next.createInstance();
  beforeAll(async () => {
    // The i18next options that match how lib/text.ts renders (no escaping: React escapes).
    await instance.init({
      lng: 'en',
      supportedLngs: languages,
      fallbackLng: { es: [], default: ['en'] },
      load: 'languageOnly',
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      resources: Object.fromEntries(
        languages.map((language) => [language, Object.fromEntries(namespaces.map((namespace) => [namespace, read(language, namespace)]))]),
      ),
    });
  });

  for (const language of languages) {
    for (const namespace of namespaces) {
      it(`${language}/${namespace}`, () => {
        const catalogue = read(language, namespace);
        const fixedT = instance.getFixedT(language, namespace);
        const mismatches: string[] = [];
        let checked = 0;
        for (const [key, text] of leaves(catalogue)) {
          for (const [callKey, options] of callsFor(key, text)) {
            const expected = fixedT(callKey, options as Record<string, unknown>) as unknown as string;
            const actual = translate(catalogue, language, callKey, options);
            checked += 1;
            if (actual !== expected) mismatches.push(`${callKey} ${JSON.stringify(options)}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
          }
        }
        expect(checked).toBeGreaterThan(0);
        expect(mismatches).toEqual([]);
      });
    }
  }
});
