import { useText } from '../lib/text';

/**
 * What a render failure shows. It avoids the router (it sits outside it) and the design
 * system's helpers so it works whatever broke; plain links reload the app from scratch.
 */
export function ErrorFallback() {
  // useSuspense false: the error page must render even if a catalogue failed to load.
  const { t } = useText('common', { suspend: false });
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-sand px-5 py-16">
      <div className="flex max-w-lg flex-col items-center gap-4 rounded-[2rem] border border-line bg-white px-6 py-12 text-center shadow-lift sm:px-12">
        <svg aria-hidden="true" viewBox="0 0 48 48" className="size-14">
          <rect x="6" y="16" width="36" height="26" rx="6" className="fill-brand-100 stroke-brand-600" strokeWidth="2.5" />
          <path d="M6 24h36M24 16v26" className="stroke-brand-600" strokeWidth="2.5" />
          <path d="M24 16c-4-8-13-8-11-2 1 3 7 3 11 2Zm0 0c4-8 13-8 11-2-1 3-7 3-11 2Z" className="fill-saffron-300 stroke-brand-600" strokeWidth="2.5" />
        </svg>
        {/* The specification's generic heading, in English whatever the language. */}
        <h1 className="font-display text-3xl font-semibold leading-tight">Unexpected Application Error!</h1>
        <p className="text-lg text-ink">{t('errors.somethingWentWrong', 'Something went wrong')}</p>
        <p className="text-muted">
          {t('errors.unexpectedDescription', 'Sorry, this page stopped working. Reloading usually helps; if it keeps happening, please try again later.')}
        </p>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
          >
            {t('errors.tryAgain', 'Try again')}
          </button>
          <a className="inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-600 px-5 font-semibold text-brand-700 hover:bg-brand-50" href="/">
            {t('actions.backHome', 'Back to home')}
          </a>
        </div>
      </div>
    </main>
  );
}
