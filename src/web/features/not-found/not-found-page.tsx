import { Home } from 'lucide-react';
import { useText } from '../../lib/text';
import { DocumentTitle } from '../../components/page-title';
import { PublicHeader } from '../../components/public-header';
import { buttonVariants } from '../../components/ui/button-variants';

export default function NotFoundPage() {
  const { t } = useText('common');
  return (
    <>
      <DocumentTitle title={t('notFound.metaTitle')} />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="bg-tiles flex min-h-[calc(100dvh-4.5rem)] items-center justify-center px-5 py-16 focus:outline-none">
        <div className="flex max-w-lg flex-col items-center gap-5 rounded-[2rem] border border-line bg-white px-6 py-12 text-center shadow-lift sm:px-12">
          <p aria-hidden="true" className="font-display text-7xl font-bold text-brand-600">
            404
          </p>
          <h1 className="font-display text-3xl font-semibold leading-tight sm:text-4xl">{t('notFound.title')}</h1>
          <p className="text-lg text-muted">{t('notFound.description')}</p>
          <a href="/" className={buttonVariants({ variant: 'primary', size: 'lg', className: 'mt-2' })}>
            <Home aria-hidden="true" />
            {t('notFound.backHome')}
          </a>
        </div>
      </main>
    </>
  );
}
