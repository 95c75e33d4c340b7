import { BadgeCheck, Gift, Lock, QrCode, Sparkles, Store, Users, Wallet, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { BusinessRedirect } from '../../components/business-redirect';
import { PublicHeader } from '../../components/public-header';
import { SiteFooter } from '../../components/site-footer';
import { buttonVariants } from '../../components/ui/button-variants';
import { useText } from '../../lib/text';
import { DocumentTitle } from '../../components/page-title';
import { LANDING_FIGURES_META, landingFigureKeys, readLandingFigures } from '@shared/contracts/landing-figures';
import { formatCount } from './format-count';
import { HeroIllustration } from './hero-illustration';
import { HowItWorks } from './how-it-works';
import { ShopWindow } from './shop-window';

/*
 * The public front door. It stays light on purpose (no form library, no API client; one
 * plain fetch for the shop window's few gifts): its JavaScript budget is 100 KB gzip, see
 * bench/route-js.mjs.
 */
export default function LandingPage() {
  const { t } = useText('landing');
  return (
    <>
      <DocumentTitle title={t('meta.title')} />
      <BusinessRedirect />
      <PublicHeader overlay />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <Stats />
        <HowItWorks />
        <ShopWindow />
        <BusinessSection />
        <FooterCta />
      </main>
      <SiteFooter />
    </>
  );
}

const trustItems: { key: string; icon: LucideIcon }[] = [
  { key: 'verified', icon: BadgeCheck },
  { key: 'payment', icon: Lock },
  { key: 'qr', icon: QrCode },
];

// One row on wide screens: a touch smaller there (responsive classes win over the base size).
// Shown once, after an account was deleted: its code loads only then, not on every visit
// to the landing page (whose JavaScript budget is 90 KB, ADR 015/039).
const AccountDeletedNotice = lazy(() => import('./account-deleted-notice').then((module) => ({ default: module.AccountDeletedNotice })));

const heroButton = 'lg:px-5 lg:text-[0.95rem]';

function Hero() {
  const { t, language } = useText('landing');
  // Read once: the notice removes the query from the address when it shows.
  const [accountDeleted] = useState(() => new URLSearchParams(window.location.search).get('account') === 'deleted');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-sand to-sand pt-24 sm:pt-28">
      <div aria-hidden="true" className="bg-tiles absolute -right-28 -top-28 size-64 rotate-12 rounded-[3rem] opacity-50 sm:size-80" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-5 pb-16 sm:px-8 lg:grid-cols-[1.25fr_1fr] lg:gap-8 lg:pb-24">
        <div className="flex flex-col gap-6">
          {accountDeleted && (
            <Suspense fallback={null}>
              <AccountDeletedNotice />
            </Suspense>
          )}
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3.5 py-1.5 text-sm font-semibold text-brand-800">
            <Sparkles aria-hidden="true" className="size-4 text-brand-600" />
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="font-display text-[2.6rem] font-semibold leading-[1.05] tracking-tight text-ink sm:text-6xl lg:text-[4.25rem]">
            {t('hero.title')}
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-muted sm:text-xl">{t('hero.subtitle')}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {/* Anyone can buy, signed in or as a guest (ADR 075): the way in is the shop window; signing in stays in the header. */}
            <AppLink to={`/gifts?lang=${language}`} className={buttonVariants({ variant: 'primary', size: 'lg', className: heroButton })}>
              <Gift aria-hidden="true" />
              {t('hero.sendGift')}
            </AppLink>
            <AppLink to="/business/interest" className={buttonVariants({ variant: 'secondary', size: 'lg', className: heroButton })}>
              <Store aria-hidden="true" />
              {t('hero.business')}
            </AppLink>
            {/* Recipients need no account: /g opens a gift by its link or code (server-rendered, told the language). */}
            <AppLink to={`/g?lang=${language}`} className={buttonVariants({ variant: 'outline', size: 'lg', className: heroButton })}>
              <QrCode aria-hidden="true" />
              {t('hero.redeemGift')}
            </AppLink>
          </div>
          <ul aria-label={t('hero.trustLabel')} className="mt-2 flex flex-col gap-2.5 text-sm font-medium text-ink sm:flex-row sm:flex-wrap sm:gap-x-6">
            {trustItems.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-olive-700" />
                {t(`hero.trust.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration className="mx-auto w-full max-w-md drop-shadow-[0_24px_40px_rgb(67_20_7_/_0.14)] lg:max-w-none" />
      </div>
    </section>
  );
}

/** The figures the server counted and wrote into the document (none below its threshold: no block). */
function documentFigures() {
  return readLandingFigures((document.getElementsByName(LANDING_FIGURES_META)[0] as HTMLMetaElement | undefined)?.content);
}

function Stats() {
  const { t, language } = useText('landing');
  const [figures] = useState(documentFigures);
  if (!figures) return null;
  return (
    <section aria-labelledby="stats-title" className="border-y border-line bg-sand-100">
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
        <h2 id="stats-title" className="text-center text-sm font-bold uppercase tracking-[0.16em] text-brand-700">
          {t('stats.title')}
        </h2>
        <dl className="mt-6 grid grid-cols-3 gap-3 text-center sm:gap-8">
          {landingFigureKeys.map((key, index) => (
            <div key={key} className="flex flex-col gap-1">
              <dt className="order-2 text-sm leading-snug text-muted sm:text-base">{t(`stats.${key}`)}</dt>
              <dd className="order-1 font-display text-3xl font-semibold tabular-nums text-brand-800 sm:text-5xl" data-testid={`stat-${key}`}>
                {formatCount(figures[index]!, language)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const businessBenefits: { key: string; icon: LucideIcon }[] = [
  { key: 'customers', icon: Users },
  { key: 'payment', icon: Wallet },
  { key: 'simple', icon: Sparkles },
];

function BusinessSection() {
  const { t } = useText('landing');
  return (
    <section aria-labelledby="business-title" className="on-dark bg-sea-900 py-20 text-sand-100 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-bold uppercase tracking-[0.16em] text-saffron-300">{t('business.eyebrow')}</p>
          <h2 id="business-title" className="mt-3 font-display text-3xl font-semibold leading-tight text-white sm:text-5xl">
            {t('business.title')}
          </h2>
          <p className="mt-4 text-lg text-sand-200">{t('business.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {businessBenefits.map(({ key, icon: Icon }) => (
            <li key={key} className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-white/5 p-6">
              <span aria-hidden="true" className="inline-flex size-11 items-center justify-center rounded-2xl bg-saffron-300 text-sea-900">
                <Icon className="size-5" />
              </span>
              <h3 className="font-display text-xl font-semibold text-white">{t(`business.benefits.${key}.title`)}</h3>
              <p className="text-sand-200">{t(`business.benefits.${key}.description`)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-center">
          <AppLink to="/business/interest" className={buttonVariants({ variant: 'inverse', size: 'lg' })}>
            <Store aria-hidden="true" />
            {t('business.cta')}
          </AppLink>
          <p className="text-sm text-sand-200">{t('business.note')}</p>
        </div>
      </div>
    </section>
  );
}

function FooterCta() {
  const { t, language } = useText('landing');
  return (
    <section aria-labelledby="footer-cta-title" className="bg-brand-50 py-20 sm:py-24">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-5 text-center sm:px-8">
        <Gift aria-hidden="true" className="size-10 text-brand-600" />
        <h2 id="footer-cta-title" className="font-display text-3xl font-semibold leading-tight sm:text-5xl">
          {t('footerCta.title')}
        </h2>
        <p className="text-lg text-muted">{t('footerCta.subtitle')}</p>
        <AppLink to={`/gifts?lang=${language}`} className={buttonVariants({ variant: 'primary', size: 'lg', className: 'mt-2' })}>
          <Gift aria-hidden="true" />
          {t('footerCta.button')}
        </AppLink>
      </div>
    </section>
  );
}
