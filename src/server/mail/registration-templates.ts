import type { Locale } from '@shared/locale';
import { greeting, plainGreeting, renderMail, type RenderedMail } from './layout';
import { registrationTexts } from './registration-texts';

export interface RegistrationMailTemplates {
  /** The receipt of a submitted business registration (`name`: the owner; `url`: the dashboard). */
  'business-registration-received': { name: string; businessName: string; url: string };
}

type Renderers = { [K in keyof RegistrationMailTemplates]: (data: RegistrationMailTemplates[K], locale: Locale) => RenderedMail };

export const registrationTemplates: Renderers = {
  'business-registration-received': (d, locale) => {
    const t = registrationTexts[locale];
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [d.name ? greeting(locale, d.name) : plainGreeting(locale), t.body(d), t.meanwhile],
      action: { label: t.action, url: d.url },
    });
  },
};
