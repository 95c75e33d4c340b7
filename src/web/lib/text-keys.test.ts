import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Catalogue } from './text';

/*
 * i18next fell back to the `common` namespace for a key its own namespace lacked; lib/text.ts
 * does not, and shows the bare key instead. So every literal key a component passes to a
 * `useText` translator must exist in that translator's namespace (in English; the catalogue
 * test requires the same keys in Spanish). A call belongs to the nearest `useText` above it
 * that binds the same name (`const { t } = useText('app')`, `const { t: tc } = useText('checkout')`).
 * For a key built at run time (`categories.${category}`) its fixed part must name a group.
 */
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.resolve(webDir, '../shared/locales');
const catalogue = (namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, 'en', `${namespace}.json`), 'utf8')) as Catalogue;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function nodeAt(texts: Catalogue, key: string) {
  let node: Catalogue | string | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}
const isGroup = (texts: Catalogue, key: string) => typeof nodeAt(texts, key) === 'object';
// A plural key exists as key_one/key_other. (Not "translate() returns something other than
// the key": a text can equal its key, as admin's `active` does.)
const hasText = (texts: Catalogue, key: string) =>
  [key, `${key}_one`, `${key}_other`].some((candidate) => typeof nodeAt(texts, candidate) === 'string');

/** [file, namespace, key] for every literal key passed to a `useText` translator. */
function literalKeys(source: string): { namespace: string; key: string; group: boolean }[] {
  const bindings: { name: string; namespace: string | null; at: number }[] = [
    ...source.matchAll(/const \{ t(?:: (\w+))? \} = useText\('([\w-]+)'/g),
  ].map((match) => ({ name: match[1] ?? 't', namespace: match[2]!, at: match.index }));
  // A parameter of the same name (a translator handed in, e.g. one fixed to the recipient's
  // language) hides the hook's until the next hook: its namespace is not known here.
  const names = new Set(bindings.map((b) => b.name));
  for (const parameter of source.matchAll(/[(,]\s*(\w+): /g)) {
    if (names.has(parameter[1]!)) bindings.push({ name: parameter[1]!, namespace: null, at: parameter.index });
  }
  bindings.sort((a, b) => a.at - b.at);
  const keys: { namespace: string; key: string; group: boolean }[] = [];
  for (const call of source.matchAll(/\b(\w+)\(\s*(?:'([\w.-]+)'|`([\w.-]+)\.\$\{)/g)) {
    const binding = bindings.filter((b) => b.name === call[1] && b.at < call.index).at(-1);
    // A key built at run time (`categories.${category}`): its fixed part must be a group of texts.
    if (binding?.namespace) keys.push({ namespace: binding.namespace, key: call[2] ?? call[3]!, group: call[3] !== undefined });
  }
  return keys;
}

describe('literal text keys', () => {
  const files = sourceFiles(webDir).filter((file) => readFileSync(file, 'utf8').includes('useText('));

  it('finds the translators of the areas that use lib/text.ts', () => {
    const areas = files.map((file) => path.relative(webDir, file));
    expect(areas).toEqual(expect.arrayContaining(['features/consumer/consumer-page.tsx', 'features/checkout/checkout-page.tsx', 'features/admin/admin-page.tsx', 'features/business-dashboard/business-dashboard-page.tsx', 'features/legal/privacy-page.tsx']));
  });

  for (const file of files) {
    it(`exist in their namespace: ${path.relative(webDir, file)}`, () => {
      const missing = literalKeys(readFileSync(file, 'utf8'))
        .filter(({ namespace, key, group }) => {
          const texts = catalogue(namespace);
          return group ? !isGroup(texts, key) : !hasText(texts, key);
        })
        .map(({ namespace, key }) => `${namespace}:${key}`);
      expect(missing).toEqual([]);
    });
  }
});

describe('literalKeys', () => {
  it('gives each call the namespace of the nearest translator of that name above it', () => {
    const source = `
      const { t } = useText('app'); const { t: tc } = useText('checkout');
      t('a.b'); tc('c', { n: 1 }); t(\`dynamic.\${x}\`);
      function share(t: Translate) { return t('unknown.namespace'); }
      const { t } = useText('common'); t('d');`;
    expect(literalKeys(source)).toEqual([
      { namespace: 'app', key: 'a.b', group: false },
      { namespace: 'checkout', key: 'c', group: false },
      { namespace: 'app', key: 'dynamic', group: true },
      { namespace: 'common', key: 'd', group: false },
    ]);
  });
});
