import { ShieldCheck } from 'lucide-react';
import { formatCountryIn, formatLongDate } from '@shared/format';
import type { Locale } from '@shared/locale';
import { useText } from '../../lib/text';
import { DocumentTitle } from '../../components/page-title';
import { PublicHeader } from '../../components/public-header';
import { SiteFooter } from '../../components/site-footer';
import { useOperator } from '../../lib/use-operator';

const sections = {
  collected: ['account', 'gifts', 'contacts', 'business', 'technical'],
  usage: ['service', 'payments', 'verification', 'communication', 'improvement'],
  rights: ['access', 'rectify', 'delete', 'object', 'portability'],
} as const;

/** The "last updated" line shows today's date, as the specification asks. */
function formatToday(language: Locale) {
  return formatLongDate(new Date(), language);
}

export default function PrivacyPage() {
  const { t, language } = useText('privacy');
  const headingClasses = 'scroll-mt-6 font-display text-2xl font-semibold sm:text-3xl';
  const listClasses = 'mt-4 flex list-disc flex-col gap-2.5 pl-6 marker:text-brand-600';
  const linkClasses = 'font-semibold text-sea-700 underline underline-offset-4';
  // The operator's identity and addresses are configuration (GET /api/operator).
  const operator = useOperator();

  return (
    <>
      <DocumentTitle title={t('meta.title')} />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <div className="bg-tiles border-b border-line">
          <div className="mx-auto max-w-3xl px-5 py-14 sm:px-8 sm:py-20">
            <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-soft">
              <ShieldCheck className="size-6" />
            </span>
            <h1 className="mt-5 font-display text-4xl font-semibold tracking-tight sm:text-5xl">{t('title')}</h1>
            <p className="mt-4 text-lg text-muted">{t('lead')}</p>
            <p className="mt-4 text-sm font-semibold text-brand-800" data-testid="privacy-last-updated">
              {t('lastUpdated', { date: formatToday(language) })}
            </p>
          </div>
        </div>

        <div className="mx-auto max-w-3xl px-5 py-12 sm:px-8 sm:py-16">
          <nav aria-label={t('tocLabel')} className="rounded-2xl border border-line bg-white p-5 shadow-soft">
            <p className="text-sm font-bold uppercase tracking-[0.14em] text-brand-700">{t('tocLabel')}</p>
            <ol className="mt-3 grid gap-2 sm:grid-cols-2">
              {(['collected', 'usage', 'rights', 'contact'] as const).map((key, index) => (
                <li key={key}>
                  <a href={`#${key}`} className="rounded-md font-medium text-sea-700 underline-offset-4 hover:underline">
                    {index + 1}. {t(`sections.${key}.title`)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="mt-12 flex flex-col gap-12 text-lg leading-relaxed">
            <section aria-labelledby="collected">
              <h2 id="collected" className={headingClasses}>
                {t('sections.collected.title')}
              </h2>
              <p className="mt-3">{t('sections.collected.intro')}</p>
              <ul className={listClasses}>
                {sections.collected.map((item) => (
                  <li key={item}>{t(`sections.collected.items.${item}`)}</li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="usage">
              <h2 id="usage" className={headingClasses}>
                {t('sections.usage.title')}
              </h2>
              <p className="mt-3">{t('sections.usage.intro')}</p>
              <ul className={listClasses}>
                {sections.usage.map((item) => (
                  <li key={item}>{t(`sections.usage.items.${item}`)}</li>
                ))}
              </ul>
              <p className="mt-4">{t('sections.usage.noSale')}</p>
            </section>

            <section aria-labelledby="rights">
              <h2 id="rights" className={headingClasses}>
                {t('sections.rights.title')}
              </h2>
              <p className="mt-3">{t('sections.rights.intro')}</p>
              <ul className={listClasses}>
                {sections.rights.map((item) => (
                  <li key={item} data-testid={`privacy-right-${item}`}>
                    {t(`sections.rights.items.${item}`)}
                  </li>
                ))}
              </ul>
              <p className="mt-4 rounded-2xl border border-olive-100 bg-olive-50 p-4 text-base text-olive-800">{t('sections.rights.account')}</p>
              <p className="mt-4">{t('sections.rights.complaint')}</p>
            </section>

            <section aria-labelledby="contact">
              <h2 id="contact" className={headingClasses}>
                {t('sections.contact.title')}
              </h2>
              {operator ? (
                <>
                  <p className="mt-3" data-testid="privacy-contact">
                    {t('operator.privacyLead')}{' '}
                    <a href={`mailto:${operator.privacyEmail}`} className={linkClasses}>
                      {operator.privacyEmail}
                    </a>
                    . {t('operator.answerTime')}
                  </p>
                  <p className="mt-3">
                    {t('operator.supportLead')}{' '}
                    <a href={`mailto:${operator.supportEmail}`} className={linkClasses}>
                      {operator.supportEmail}
                    </a>
                    .
                  </p>
                  <p className="mt-3 text-base text-muted" data-testid="privacy-controller">
                    {t('operator.controller', { name: operator.name, address: formatCountryIn(operator.address, language), taxId: operator.taxId })}
                  </p>
                </>
              ) : null}
            </section>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
