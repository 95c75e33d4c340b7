import { Check, Gift, HeartHandshake, PenLine, QrCode, Send, ShieldCheck, Store, X, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { AppLink } from '../../components/app-link';
import { buttonVariants } from '../../components/ui/button-variants';
import { useText } from '../../lib/text';
import { STEP_DELAYS_MS, useRevealTimeline } from './use-reveal-timeline';

const steps: { key: string; icon: LucideIcon }[] = [
  { key: 'choose', icon: Store },
  { key: 'personalise', icon: PenLine },
  { key: 'pay', icon: ShieldCheck },
  { key: 'send', icon: Send },
  { key: 'redeem', icon: QrCode },
  { key: 'enjoy', icon: HeartHandshake },
];
const contrastSteps = ['one', 'two', 'three', 'four'] as const;
const benefitKeys = ['local', 'verified', 'validity', 'noApp', 'safe', 'bilingual'] as const;

function revealClasses(isShown: boolean) {
  return `transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none ${isShown ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'}`;
}

export function HowItWorks() {
  const { t, language } = useText('landing');
  const sectionRef = useRef<HTMLElement>(null);
  const { stepsLit, blocksShown, hasStarted } = useRevealTimeline(sectionRef);
  const total = STEP_DELAYS_MS.length;

  return (
    <section
      ref={sectionRef}
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      data-timeline={hasStarted ? 'started' : 'waiting'}
      className="bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold uppercase tracking-[0.16em] text-brand-700">{t('howItWorks.eyebrow')}</p>
          <h2 id="how-it-works-title" className="mt-3 font-display text-3xl font-semibold leading-tight sm:text-5xl">
            {t('howItWorks.title')}
          </h2>
          <p className="mt-4 text-lg text-muted">{t('howItWorks.subtitle')}</p>
        </div>

        <div className="mx-auto mt-10 flex max-w-md items-center gap-4">
          <div
            role="progressbar"
            aria-label={t('howItWorks.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={stepsLit}
            aria-valuetext={t('howItWorks.progressValue', { count: stepsLit, total })}
            className="h-2 flex-1 overflow-hidden rounded-full bg-sand-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out motion-reduce:transition-none"
              style={{ width: `${(stepsLit / total) * 100}%` }}
            />
          </div>
          <p className="min-w-12 text-right font-display text-lg font-semibold tabular-nums text-brand-800" data-testid="how-it-works-progress">
            {stepsLit}/{total}
          </p>
        </div>

        <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {steps.map(({ key, icon: Icon }, index) => {
            const isLit = index < stepsLit;
            return (
              <li
                key={key}
                data-state={isLit ? 'lit' : 'waiting'}
                className={`relative flex flex-col gap-3 rounded-3xl border-2 p-6 transition-[background-color,border-color,box-shadow,translate] duration-500 motion-reduce:transition-none ${
                  isLit ? '-translate-y-1 border-brand-300 bg-brand-50 shadow-lift' : 'border-line bg-sand'
                }`}
              >
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-11 items-center justify-center rounded-2xl font-display text-lg font-bold transition-colors duration-500 ${
                      isLit ? 'bg-brand-600 text-white' : 'bg-sand-200 text-muted'
                    }`}
                  >
                    {index + 1}
                  </span>
                  <Icon aria-hidden="true" className={`size-6 transition-colors duration-500 ${isLit ? 'text-brand-600' : 'text-stone-500'}`} />
                </div>
                <h3 className="font-display text-xl font-semibold">
                  <span className="sr-only">{t('howItWorks.stepLabel', { number: index + 1 })}: </span>
                  {t(`howItWorks.steps.${key}.title`)}
                </h3>
                <p className="text-muted">{t(`howItWorks.steps.${key}.description`)}</p>
                <p className={`mt-auto font-display italic ${isLit ? 'text-brand-800' : 'text-muted'}`}>{t(`howItWorks.steps.${key}.emotion`)}</p>
              </li>
            );
          })}
        </ol>

        <div data-testid="how-it-works-contrast" data-state={blocksShown >= 1 ? 'shown' : 'hidden'} inert={blocksShown < 1} className={`mt-20 ${revealClasses(blocksShown >= 1)}`}>
          <h3 className="text-center font-display text-2xl font-semibold sm:text-4xl">{t('howItWorks.contrast.title')}</h3>
          <div className="mt-8 grid gap-4 md:grid-cols-2">
            <div className="rounded-3xl border border-line bg-sand p-6 sm:p-8">
              <h4 className="font-display text-xl font-semibold text-muted">{t('howItWorks.contrast.traditional.title')}</h4>
              <ul className="mt-4 flex flex-col gap-3">
                {contrastSteps.map((step) => (
                  <li key={step} className="flex items-start gap-3 text-muted">
                    <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-500" />
                    {t(`howItWorks.contrast.traditional.steps.${step}`)}
                  </li>
                ))}
              </ul>
            </div>
            <div className="on-dark rounded-3xl bg-sea-900 p-6 text-sand-100 shadow-lift sm:p-8">
              <h4 className="flex items-center gap-2 font-display text-xl font-semibold text-white">
                <Gift aria-hidden="true" className="size-5 text-saffron-300" />
                {t('howItWorks.contrast.regalo.title')}
              </h4>
              <ul className="mt-4 flex flex-col gap-3">
                {contrastSteps.map((step) => (
                  <li key={step} className="flex items-start gap-3">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-saffron-300" />
                    {t(`howItWorks.contrast.regalo.steps.${step}`)}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>

        <div data-testid="how-it-works-benefits" data-state={blocksShown >= 2 ? 'shown' : 'hidden'} inert={blocksShown < 2} className={`mt-16 ${revealClasses(blocksShown >= 2)}`}>
          <h3 className="text-center font-display text-2xl font-semibold sm:text-3xl">{t('howItWorks.benefits.title')}</h3>
          <ul className="mx-auto mt-8 grid max-w-4xl gap-x-10 gap-y-4 sm:grid-cols-2">
            {benefitKeys.map((key) => (
              <li key={key} className="flex items-start gap-3 border-b border-line pb-4 text-lg">
                <span aria-hidden="true" className="mt-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-olive-100 text-olive-700">
                  <Check className="size-4" strokeWidth={3} />
                </span>
                {t(`howItWorks.benefits.items.${key}`)}
              </li>
            ))}
          </ul>
        </div>

        <div data-testid="how-it-works-cta" data-state={blocksShown >= 3 ? 'shown' : 'hidden'} inert={blocksShown < 3} className={`mt-16 ${revealClasses(blocksShown >= 3)}`}>
          <div className="bg-tiles rounded-[2rem] p-2">
            <div className="on-dark flex flex-col items-center gap-4 rounded-[1.6rem] bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
              <h3 className="font-display text-2xl font-semibold sm:text-4xl">{t('howItWorks.cta.title')}</h3>
              <p className="max-w-xl text-lg text-brand-50">{t('howItWorks.cta.subtitle')}</p>
              <AppLink to={`/gifts?lang=${language}`} className={buttonVariants({ variant: 'inverse', size: 'lg', className: 'mt-2' })}>
                {t('howItWorks.cta.button')}
              </AppLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
