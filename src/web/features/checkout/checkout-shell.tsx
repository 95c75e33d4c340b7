import { QueryClientProvider } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import { Link } from 'react-router';
import { BrandMark } from '@web/components/brand-mark';
import { LanguageMenu } from '@web/components/language-menu';
import { ApiError } from '@web/lib/api-client';
import { createAppQueryClient } from '@web/lib/query-client';
import { useSession } from '@web/lib/session';

/** Header, main landmark and query client of the checkout pages (each is its own lazy chunk). */
export function CheckoutShell({ children }: { children: ReactNode }) {
  // No global error toast: each checkout screen says what failed where it happened.
  const [queryClient] = useState(() => createAppQueryClient());
  const { t, language } = useText('checkout');
  // A guest (ADR 075) goes back to the public shop; a signed-in giver to the app's gifts.
  const isGuest = useSession().status === 'anonymous';
  const backClass = 'inline-flex min-h-10 items-center gap-1 rounded-full px-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline';
  const back = (
    <>
      <ArrowLeft aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">{t('backToShop')}</span>
    </>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-dvh pb-16">
        <header className="border-b border-line bg-white/80 backdrop-blur">
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2.5">
            <BrandMark />
            <div className="flex items-center gap-1 sm:gap-2">
              {isGuest ? (
                <a href={`/gifts?lang=${language}`} className={backClass}>
                  {back}
                </a>
              ) : (
                <Link to="/app?tab=gifts" className={backClass}>
                  {back}
                </Link>
              )}
              <LanguageMenu />
            </div>
          </div>
        </header>
        <main id="main" className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6">
          {children}
        </main>
      </div>
    </QueryClientProvider>
  );
}

/** The translated sentence for a failed request (checkout namespace, `errors.codes.<code>`). */
export function useErrorText() {
  const { t } = useText('checkout');
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'default';
    return t(`errors.codes.${code}`, { defaultValue: t('errors.codes.default') });
  };
}
