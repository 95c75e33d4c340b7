/**
 * PublicHeader — logo, language menu and a sign-in link for the public pages.
 *   <PublicHeader />                 // in the page flow
 *   <PublicHeader overlay />         // floats over a hero (landing page)
 */
import { useText } from '../lib/text';
import { AppLink } from './app-link';
import { BrandMark } from './brand-mark';
import { LanguageMenu } from './language-menu';
import { buttonVariants } from './ui/button-variants';

export function PublicHeader({ overlay = false }: { overlay?: boolean }) {
  const { t } = useText('common');
  return (
    <header className={overlay ? 'absolute inset-x-0 top-0 z-10' : 'border-b border-line bg-sand'}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-5 py-4 sm:px-8">
        <BrandMark />
        <nav aria-label={t('header.navLabel')} className="flex items-center gap-2">
          <LanguageMenu />
          <AppLink to="/auth" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-[359px]:hidden' })}>
            {t('header.signIn')}
          </AppLink>
        </nav>
      </div>
    </header>
  );
}
