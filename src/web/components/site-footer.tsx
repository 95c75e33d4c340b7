/**
 * SiteFooter — the public pages' footer: the legal pages, privacy policy, cookie settings
 * (reopens the cookie banner's choices), language menu. The legal pages are rendered by the
 * server (ADR 059), so they are plain document links, in the interface's language.
 *   <SiteFooter />
 */
import { openCookieSettings } from '../lib/consent';
import { useText } from '../lib/text';
import { AppLink } from './app-link';
import { BrandMark } from './brand-mark';
import { LanguageMenu } from './language-menu';

export function SiteFooter() {
  const { t, language } = useText('common');
  const legalLinks = [
    ['/terms', t('footer.terms')],
    ['/legal', t('footer.legalNotice')],
    ['/cookies', t('footer.cookies')],
    ['/accessibility', t('footer.accessibility')],
    ['/withdrawal-form', t('footer.withdrawalForm')],
    ['/partner-terms', t('footer.partnerTerms')],
  ];
  const linkClasses = 'rounded-md text-sand-200 underline-offset-4 hover:text-white hover:underline';
  return (
    <footer className="on-dark bg-sea-900 text-sand-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-12 sm:px-8 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-sm flex-col gap-3">
          <BrandMark tone="dark" />
          <p className="text-sm text-sand-200">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navLabel')} className="flex flex-col gap-3 text-sm">
          {legalLinks.map(([path, label]) => (
            <a key={path} href={`${path}?lang=${language}`} className={linkClasses}>
              {label}
            </a>
          ))}
          <AppLink to="/privacy" className={linkClasses}>
            {t('footer.privacy')}
          </AppLink>
          <button type="button" onClick={openCookieSettings} className={`cursor-pointer text-left ${linkClasses}`}>
            {t('footer.cookieSettings')}
          </button>
        </nav>
        <div className="flex flex-col gap-2">
          <LanguageMenu tone="dark" />
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-5 text-xs text-sand-200 sm:px-8">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
