import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { getLanguage } from '@web/lib/language';
import { loadText, useText } from '@web/lib/text';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { useBottomOverlay } from '@web/lib/bottom-overlay';
import { useCart } from '@web/lib/use-cart';

// The cart dialog (Radix Dialog, its focus and scroll locks, the checkout texts) loads the
// first time the cart is opened, not with the consumer area (ADR 039).
// Its checkout texts come in parallel with its code.
const CartDialog = lazy(() =>
  Promise.all([import('./cart-dialog'), loadText(getLanguage(), ['checkout'])]).then(([m]) => ({ default: m.CartDialog })),
);

/**
 * The floating bar shown while the cart has gifts, and the cart itself. Each line is one gift
 * for one person; who that is gets filled in at checkout (/checkout).
 */
export function CartBar({ isCartOpen, onCartOpenChange }: { isCartOpen: boolean; onCartOpenChange: (open: boolean) => void }) {
  const { t } = useText('app');
  const { cart } = useCart();
  const count = cart.lines.length;
  // The bar must never hide the focused "Add to cart" button under it (WCAG 2.4.11).
  const barRef = useRef<HTMLDivElement>(null);
  useBottomOverlay(barRef, count > 0);
  // Mounted from the first opening on, so later openings and closings animate as before.
  const [hasOpened, setHasOpened] = useState(isCartOpen);
  if (isCartOpen && !hasOpened) setHasOpened(true);

  return (
    <>
      {count > 0 ? (
        <div
          ref={barRef}
          role="region"
          aria-label={t('cart.title')}
          className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lift backdrop-blur"
        >
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-3">
            <button
              type="button"
              onClick={() => onCartOpenChange(true)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-2 font-semibold text-ink underline-offset-4 hover:underline"
            >
              <ShoppingCart aria-hidden="true" className="size-5 text-brand-700" />
              <span data-testid="cart-bar-count">{t('cart.summary', { count })}</span>
            </button>
            <Button asChild>
              <Link to="/checkout">{t('cart.checkout')}</Link>
            </Button>
          </div>
        </div>
      ) : null}
      {hasOpened ? (
        <Suspense fallback={null}>
          <CartDialog open={isCartOpen} onOpenChange={onCartOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}
