import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useText } from '@web/lib/text';
import { BrandMark } from '@web/components/brand-mark';
import { LanguageMenu } from '@web/components/language-menu';
import { PageTitle } from '@web/components/page-title';
import { cn } from '@web/lib/cn';

/** The frame of the onboarding pages: back home, brand, language and one centred column. */
export function OnboardingShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useText('business');

  return (
    <div className="flex min-h-dvh flex-col bg-sand">
      <PageTitle parts={[title]} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <a
          href="/"
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-sand-200/70"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('shell.backHome')}
        </a>
        <LanguageMenu />
      </header>
      <main
        id="main"
        className={cn('mx-auto flex w-full flex-1 flex-col gap-6 px-4 pb-12 pt-2 sm:px-0', wide ? 'max-w-2xl' : 'max-w-md')}
      >
        <div className="flex justify-center">
          <BrandMark />
        </div>
        {children}
      </main>
    </div>
  );
}

/** A centred status block (icon, heading, text, actions) used by the confirmation pages. */
export function StatusPanel({
  icon,
  title,
  children,
  actions,
  tone = 'brand',
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'brand' | 'danger' | 'warning';
}) {
  const toneClass =
    tone === 'danger' ? 'bg-danger-50 text-danger-700' : tone === 'warning' ? 'bg-saffron-100 text-saffron-800' : 'bg-brand-50 text-brand-700';
  return (
    <section
      aria-labelledby="status-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-white p-6 text-center shadow-soft"
    >
      <span className={cn('grid size-14 place-items-center rounded-full', toneClass)}>{icon}</span>
      <h1 id="status-title" className="font-display text-2xl font-semibold">
        {title}
      </h1>
      {children}
      {actions ? <div className="flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </section>
  );
}
