import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { recipientLocales, type RecipientLocale } from '@shared/contracts/checkout-limits';
import i18n from '@web/lib/i18n';

const NAMESPACE = 'checkout';
const isLoaded = () => recipientLocales.every((locale) => i18n.hasResourceBundle(locale, NAMESPACE));

/**
 * Texts written for the RECIPIENT (the WhatsApp message) are in the recipient's language, not
 * the giver's interface language: both catalogues of the namespace are loaded, then a
 * translator fixed to a language is handed out. Null until they are there.
 */
export function useRecipientTexts(): ((locale: RecipientLocale) => TFunction<'checkout'>) | null {
  const [ready, setReady] = useState(isLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18n.reloadResources([...recipientLocales], [NAMESPACE]).then(() => {
      if (live) setReady(isLoaded());
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? (locale) => i18n.getFixedT(locale, NAMESPACE) : null;
}
