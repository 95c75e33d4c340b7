import { Copy, ShoppingCart, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useBottomOverlay } from '@web/lib/bottom-overlay';
import { canAddToCart, cartTotal } from '@web/lib/cart';
import { useCart } from '@web/lib/use-cart';

/**
 * The floating bar shown while the cart has gifts, and the cart itself. Each line is one gift
 * for one person; who that is gets filled in at checkout (/checkout).
 */
export function CartBar({ isCartOpen, onCartOpenChange }: { isCartOpen: boolean; onCartOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('app');
  const { cart } = useCart();
  const count = cart.lines.length;
  // The bar must never hide the focused "Add to cart" button under it (WCAG 2.4.11).
  const barRef = useRef<HTMLDivElement>(null);
  useBottomOverlay(barRef, count > 0);

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
      <CartDialog open={isCartOpen} onOpenChange={onCartOpenChange} />
    </>
  );
}

function CartDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['app', 'checkout']);
  const { cart, remove, duplicate } = useCart();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('cart.title')} closeLabel={t('common.close')}>
        {cart.lines.length === 0 ? (
          <p className="text-muted">{t('cart.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('cart.title')}>
            {cart.lines.map((line) => (
              <li key={line.lineId} className="flex flex-col gap-2 py-3">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold">{line.gift.name}</p>
                    <p className="text-sm text-muted">{line.business.name}</p>
                    <p className="text-sm">
                      {line.recipient.name.trim()
                        ? t('checkout:cart.for', { name: line.recipient.name.trim() })
                        : t('checkout:cart.forNobodyYet')}
                    </p>
                  </div>
                  <span className="font-semibold">{formatPrice(line.gift.price)}</span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!canAddToCart(cart)}
                    aria-label={t('checkout:line.duplicateNamed', { gift: line.gift.name })}
                    onClick={() => {
                      duplicate(line.lineId);
                      toast.message(t('checkout:line.duplicated', { gift: line.gift.name }));
                    }}
                  >
                    <Copy aria-hidden="true" />
                    {t('checkout:line.duplicate')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('cart.remove', { name: line.gift.name })}
                    onClick={() => {
                      remove(line.lineId);
                      toast.message(t('cart.removed', { name: line.gift.name }));
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {cart.lines.length > 0 ? (
          <>
            <p className="mt-3 flex items-baseline justify-between text-lg">
              <span>{t('cart.total')}</span>
              <strong>{formatPrice(cartTotal(cart))}</strong>
            </p>
            <DialogFooter>
              <Button asChild>
                <Link to="/checkout" onClick={() => onOpenChange(false)}>
                  {t('cart.checkout')}
                </Link>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
