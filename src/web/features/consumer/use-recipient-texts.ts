import { useEffect, useState } from 'react';
import { recipientLocales, type RecipientLocale } from '@shared/contracts/checkout-limits';
import { translate, type Catalogue, type Translate } from '@web/lib/text';

// The same catalogue modules lib/text.ts loads (one chunk each, shared), read here in a
// language of our choosing rather than the interface's.
const loaders = import.meta.glob<{ default: Catalogue }>('./*/orders.json', { base: '../../../shared/locales' });
let loaded: Promise<Map<RecipientLocale, Catalogue>> | undefined;
/** Once loaded, a later mount (back to the tab) has the texts at its first render. */
let ready: Map<RecipientLocale, Catalogue> | null = null;

function loadRecipientCatalogues() {
  loaded ??= Promise.all(
    recipientLocales.map((locale) => loaders[`./${locale}/orders.json`]!().then((module) => [locale, module.default] as const)),
  ).then((entries) => (ready = new Map(entries)));
  return loaded;
}

/**
 * Texts written for the RECIPIENT (the WhatsApp message) are in the recipient's language, not
 * the giver's interface language: both catalogues of the namespace are loaded, then a
 * translator fixed to a language is handed out. Null until they are there.
 */
export function useRecipientTexts(): ((locale: RecipientLocale) => Translate) | null {
  const [catalogues, setCatalogues] = useState(ready);
  useEffect(() => {
    if (catalogues) return;
    let live = true;
    void loadRecipientCatalogues().then((map) => {
      if (live) setCatalogues(map);
    });
    return () => {
      live = false;
    };
  }, [catalogues]);
  return catalogues ? (locale) => (key, options) => translate(catalogues.get(locale), locale, key, options) : null;
}
