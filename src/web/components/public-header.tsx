/**
 * PublicHeader — logo, language menu and a sign-in link for the public pages; a signed-in
 * user gets a link to their own area instead (admin, business dashboard or /app).
 *   <PublicHeader />                 // in the page flow
 * It reads the light session store (one GET /api/auth/get-session after load) and the cart
 * kept in the browser, whose count it shows.
 */
import { ShoppingCart } from 'lucide-react';
import { areaPaths, areasFor } from '../lib/home-path';
import { useCart } from '../lib/use-cart';
import { useSession } from '../lib/session';
import { useText } from '../lib/text';
import { AppLink } from './app-link';
import { BrandMark } from './brand-mark';
import { LanguageMenu } from './language-menu';
import { buttonVariants } from './ui/button-variants';

export function PublicHeader() {
  const { t } = useText('common');
  const { user } = useSession();
  const home = user ? areasFor(user)[0]! : null;
  return (
    <header className="border-b border-line bg-sand">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-5 py-4 sm:px-8">
        <BrandMark />
        {/* On a phone the area's name ("El meu Regal") goes under the language menu rather than past the edge. */}
        <nav aria-label={t('header.navLabel')} className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
          <LanguageMenu />
          <CartLink />
          {home ? (
            <AppLink to={areaPaths[home]} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-[359px]:hidden' })}>
              {t(`titles.${home}`)}
            </AppLink>
          ) : (
            <AppLink to="/auth" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-[359px]:hidden' })}>
              {t('header.signIn')}
            </AppLink>
          )}
        </nav>
      </div>
    </header>
  );
}

/**
 * The cart, kept in this browser for a guest and a signed-in giver alike (ADRs 066, 075), with
 * its count: the way back to it from every public page, as the server-rendered pages' header
 * offers it (platform/public-page.ts). The checkout shows the cart to everyone.
 */
function CartLink() {
  const { t } = useText('common');
  const { cart } = useCart();
  const count = cart.lines.length;
  return (
    <AppLink
      to="/checkout"
      aria-label={count > 0 ? t('header.cartCount', { count }) : undefined}
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'gap-1.5' })}
      data-testid="header-cart"
    >
      <ShoppingCart aria-hidden="true" />
      <span className="max-[419px]:sr-only">{t('header.cart')}</span>
      {count > 0 ? (
        <span aria-hidden="true" className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
          {count}
        </span>
      ) : null}
    </AppLink>
  );
}
