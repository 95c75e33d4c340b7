import { describe, expect, it } from 'vitest';
import { createLanguageStore, detectLanguage, type Language } from './language';

describe('detectLanguage: the order of the candidates', () => {
  it('puts the stored choice before the browser languages and <html lang>', () => {
    expect(detectLanguage({ storedLanguage: 'en', browserLanguages: ['es-ES', 'es'], htmlLanguage: 'es' })).toBe('en');
  });

  it('puts the language cookie first: a choice made on a server-rendered page is the newest', () => {
    expect(detectLanguage({ cookieLanguage: 'es', storedLanguage: 'en', browserLanguages: ['en-GB'] })).toBe('es');
    expect(detectLanguage({ cookieLanguage: null, storedLanguage: 'en', browserLanguages: ['es-ES'] })).toBe('en');
  });

  it('puts a language the address names (?lang=) before any stored choice, and ignores one Regalo does not speak', () => {
    expect(detectLanguage({ urlLanguage: 'va', cookieLanguage: 'es', storedLanguage: 'en' })).toBe('va');
    expect(detectLanguage({ urlLanguage: 'en', cookieLanguage: 'es' })).toBe('en');
    expect(detectLanguage({ urlLanguage: 'fr', cookieLanguage: 'es', storedLanguage: 'en' })).toBe('es');
    expect(detectLanguage({ urlLanguage: null, storedLanguage: 'en' })).toBe('en');
  });

  it('uses the browser languages in order when nothing is stored', () => {
    expect(detectLanguage({ storedLanguage: null, browserLanguages: ['fr-FR', 'es-ES'], htmlLanguage: 'en' })).toBe('es');
  });

  it('falls back to <html lang>, and to English', () => {
    expect(detectLanguage({ htmlLanguage: 'es' })).toBe('es');
    expect(detectLanguage({ htmlLanguage: 'ca-ES-valencia' })).toBe('va');
  });

  it('keeps only the language part', () => {
    expect(detectLanguage({ storedLanguage: 'ES-es' })).toBe('es');
  });

  it('chooses Valencian for a browser that asks for Catalan in any form', () => {
    expect(detectLanguage({ browserLanguages: ['ca-ES', 'es-ES'] })).toBe('va');
    expect(detectLanguage({ browserLanguages: ['ca-ES-valencia'] })).toBe('va');
    expect(detectLanguage({ browserLanguages: ['fr', 'ca'] })).toBe('va');
    expect(detectLanguage({ storedLanguage: 'va', browserLanguages: ['es-ES'] })).toBe('va');
  });
});

describe('detectLanguage', () => {
  it('takes the first supported candidate', () => {
    expect(detectLanguage({ storedLanguage: 'fr', browserLanguages: ['de-DE', 'es-ES', 'en'] })).toBe('es');
    expect(detectLanguage({ storedLanguage: 'en', browserLanguages: ['es-ES'] })).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage({ browserLanguages: ['fr-FR', 'de'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
  });
});

describe('the language store', () => {
  function makeStore(initial: Language = 'en') {
    const persisted: Language[] = [];
    const applied: Language[] = [];
    const store = createLanguageStore({ initial, persist: (l) => persisted.push(l), applyToDocument: (l) => applied.push(l) });
    return { store, persisted, applied };
  }

  const deferred = () => {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('stores and applies the detected language at once', () => {
    const { store, persisted, applied } = makeStore('es');
    expect(store.get()).toBe('es');
    expect(persisted).toEqual(['es']);
    expect(applied).toEqual(['es']);
  });

  it('switches only after every registered preparation has finished', async () => {
    const { store, persisted, applied } = makeStore('en');
    const catalogues = deferred();
    const seen: Language[] = [];
    store.subscribe((l) => seen.push(l));
    store.beforeChange(() => catalogues.promise);

    const change = store.change('es');
    await Promise.resolve();
    expect(store.get()).toBe('en');
    expect(seen).toEqual([]);

    catalogues.resolve();
    await change;
    expect(store.get()).toBe('es');
    expect(seen).toEqual(['es']);
    expect(persisted).toEqual(['en', 'es']);
    expect(applied).toEqual(['en', 'es']);
  });

  it('keeps the current language when loading the new texts fails', async () => {
    const { store } = makeStore('en');
    store.beforeChange(() => Promise.reject(new Error('offline')));
    await expect(store.change('es')).rejects.toThrow('offline');
    expect(store.get()).toBe('en');
  });

  it('lets the last of two quick choices win, whichever loads first', async () => {
    const { store } = makeStore('en');
    const slowSpanish = deferred();
    store.beforeChange((l) => (l === 'es' ? slowSpanish.promise : Promise.resolve()));
    const toSpanish = store.change('es');
    await store.change('en');
    slowSpanish.resolve();
    await toSpanish;
    expect(store.get()).toBe('en');
  });

  it('ignores unsupported languages and does not notify when nothing changes', async () => {
    const { store } = makeStore('en');
    const seen: Language[] = [];
    store.subscribe((l) => seen.push(l));
    await store.change('fr' as Language);
    await store.change('en');
    expect(store.get()).toBe('en');
    expect(seen).toEqual([]);
  });

  it('stops calling a listener or preparer once it unsubscribes', async () => {
    const { store } = makeStore('en');
    const seen: Language[] = [];
    let prepared = 0;
    const unsubscribe = store.subscribe((l) => seen.push(l));
    const unregister = store.beforeChange(async () => {
      prepared += 1;
    });
    unsubscribe();
    unregister();
    await store.change('es');
    expect(seen).toEqual([]);
    expect(prepared).toBe(0);
  });
});
