import { useTranslation } from 'react-i18next';

export function ErrorFallback() {
  // useSuspense false: the error page must render even if a catalogue failed to load.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted">{t('errors.somethingWentWrong', 'Something went wrong')}</p>
      <a className="font-medium text-brand-700 underline" href="/">
        {t('actions.backHome', 'Back to home')}
      </a>
    </main>
  );
}
