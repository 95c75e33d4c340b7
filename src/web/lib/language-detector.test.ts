import { describe, expect, it } from 'vitest';
import { languageCandidates } from './language-detector';

describe('languageCandidates', () => {
  it('puts the stored choice before the browser languages and <html lang>', () => {
    expect(languageCandidates({ storedLanguage: 'en', browserLanguages: ['es-ES', 'es'], htmlLanguage: 'es' })).toEqual(['en', 'es', 'es', 'es']);
  });

  it('uses the browser languages in order when nothing is stored', () => {
    expect(languageCandidates({ storedLanguage: null, browserLanguages: ['fr-FR', 'es-ES'], htmlLanguage: 'en' })).toEqual(['fr', 'es', 'en']);
  });

  it('falls back to <html lang>, and to nothing (i18next then uses English)', () => {
    expect(languageCandidates({ htmlLanguage: 'es' })).toEqual(['es']);
    expect(languageCandidates({})).toEqual([]);
  });

  it('keeps only the language part', () => {
    expect(languageCandidates({ storedLanguage: 'ES-es' })).toEqual(['es']);
  });
});
