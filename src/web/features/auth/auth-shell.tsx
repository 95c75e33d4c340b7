import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useText } from '../../lib/text';
import { BrandMark } from '../../components/brand-mark';
import { LanguageMenu } from '../../components/language-menu';
import { PageTitle } from '../../components/page-title';

/** The frame of every account page: back home, brand, language, and one centred card. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useText('auth');

  return (
    <div className="flex min-h-dvh flex-col bg-sand">
      <PageTitle parts={[title]} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <a href="/" className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-sand-200/70">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('page.backHome')}
        </a>
        <LanguageMenu />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 px-4 pb-12 pt-2 sm:px-0">
        <div className="flex justify-center">
          <BrandMark />
        </div>
        {children}
      </main>
    </div>
  );
}
