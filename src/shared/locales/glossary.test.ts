import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The catalogues keep the glossary's words (docs/glossary.md): no form its "Never" column
 * names, in that language, and label keys that read exactly the glossary's label. The
 * glossary is read from the document itself, so the document is what a writer changes.
 */
const ROOT = path.resolve(__dirname, '../../..');
const LANGUAGES = ['en', 'es', 'va'] as const;
type Language = (typeof LANGUAGES)[number];

function tableRows(markdown: string, heading: string): string[][] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/glossary.md has no "## ${heading}" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));
}

const glossary = readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');

/** "va: carret, carretó; es: cesta" → { va: ['carret', 'carretó'], es: ['cesta'] }. */
function forbiddenOf(cell: string): Partial<Record<Language, string[]>> {
  const result: Partial<Record<Language, string[]>> = {};
  for (const group of cell.split(';').map((g) => g.trim()).filter(Boolean)) {
    const [language, words] = group.split(':').map((part) => part.trim());
    if (!LANGUAGES.includes(language as Language) || !words) throw new Error(`glossary: cannot read "${group}"`);
    result[language as Language] = words.split(',').map((w) => w.trim()).filter(Boolean);
  }
  return result;
}

/** Every string of a language's catalogues, as `file:key.path` → text. */
function catalogue(language: Language): Map<string, string> {
  const dir = path.join(ROOT, 'src/shared/locales', language);
  const entries = new Map<string, string>();
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') entries.set(where, value);
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file.replace(/\.json$/, ''));
  }
  return entries;
}

/** Whole words or phrases, any case, apostrophes of both kinds alike. */
const wordPattern = (phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['’]/g, "['’]")}(?![\\p{L}\\p{N}])`, 'iu');

const terms = tableRows(glossary, 'Terms');
const labels = tableRows(glossary, 'Labels');

describe('the catalogues keep the glossary (docs/glossary.md)', () => {
  it('reads the glossary: every term has its three words, and the "Never" forms are in a language', () => {
    expect(terms.length).toBeGreaterThanOrEqual(8);
    for (const row of terms) {
      expect(row, row.join(' | ')).toHaveLength(5);
      expect(row.slice(1, 4).every(Boolean), row.join(' | ')).toBe(true);
      forbiddenOf(row[4]!);
    }
    expect(labels.map((row) => row[0])).toContain('signIn');
  });

  for (const language of LANGUAGES) {
    it(`${language}: no form the glossary forbids`, () => {
      const texts = catalogue(language);
      const found: string[] = [];
      for (const row of terms) {
        for (const word of forbiddenOf(row[4]!)[language] ?? []) {
          const pattern = wordPattern(word);
          for (const [where, text] of texts) if (pattern.test(text)) found.push(`${where}: "${word}" (say "${row[LANGUAGES.indexOf(language) + 1]}") in "${text}"`);
        }
      }
      expect(found).toEqual([]);
    });

    it(`${language}: every label key reads the glossary's label`, () => {
      const texts = catalogue(language);
      const found: string[] = [];
      for (const row of labels) {
        const [key, ...words] = row;
        const label = words[LANGUAGES.indexOf(language)]!;
        const keyed = [...texts].filter(([where]) => where.split('.').at(-1) === key);
        expect(keyed.length, `no catalogue key named ${key}`).toBeGreaterThan(0);
        for (const [where, text] of keyed) if (text !== label) found.push(`${where}: "${text}" (the label is "${label}")`);
      }
      expect(found).toEqual([]);
    });
  }

  it('would catch what the walk found: "carret" in Valencian, a second sign-in label', () => {
    expect(wordPattern('carret').test('«Horchata» està en el teu carret.')).toBe(true);
    expect(wordPattern('carret').test('la carretera')).toBe(false);
    expect(wordPattern("acord de soci").test('Llegir l’acord de soci')).toBe(true);
  });
});

/**
 * Valencian imperatives a button once began with. The glossary's rule: a label is in the
 * infinitive in Spanish and Valencian alike, so where the Spanish label is one ("Guardar"), the
 * Valencian one is too ("Guardar", not "Guarda").
 */
const valencianImperatives = new Set([
  'Afig', 'Aprova', 'Amaga', 'Amplia', 'Anul·la', 'Busca', 'Cancel·la', 'Canvia', 'Carrega', 'Continua', 'Crea', 'Demana', 'Denuncia',
  'Descarrega', 'Descarta', 'Descobrix', 'Desactiva', 'Duplica', 'Edita', 'Elimina', 'Envia', 'Fes', 'Filtra', 'Finalitza', 'Gestiona',
  'Guarda', 'Imprimix', 'Inicia', 'Lleva', 'Llig', 'Mantín', 'Mira', 'Mostra', 'Obri', 'Ordena', 'Paga', 'Passa', 'Proposa', 'Reactiva',
  'Rebutja', 'Reintenta-ho', 'Revisa', 'Salta', 'Tanca', 'Torna', 'Torna-ho', 'Tria', 'Utilitza',
]);

describe('Valencian labels follow the glossary’s mood', () => {
  it('a Valencian label is in the infinitive wherever the Spanish one is', () => {
    const es = catalogue('es');
    const va = catalogue('va');
    const imperative = [...es]
      .filter(([, text]) => text.split(/\s+/).length <= 5 && /^\p{Lu}\p{Ll}*(ar|er|ir)$/u.test(text.split(/\s+/)[0]!))
      .map(([key]) => [key, va.get(key) ?? ''] as const)
      .filter(([, text]) => valencianImperatives.has(text.split(/\s+/)[0]!.replace(/[:,]$/, '')));
    expect(imperative).toEqual([]);
  });
});
