import { ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { cartTotal } from './cart';
import { useCart } from './use-cart';

/**
 * The floating bar shown while the cart has gifts, with the cart itself and the checkout
 * dialog. Paying is built in a later issue: until then checkout says so plainly and shows
 * the total of the listed prices, and never pretends an order was placed.
 */
export function CartBar({ isCartOpen, onCartOpenChange }: { isCartOpen: boolean; onCartOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('app');
  const { cart } = useCart();
  const [isCheckoutOpen, setCheckoutOpen] = useState(false);
  const count = cart.items.length;

  return (
    <>
      {count > 0 ? (
        <div
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
            <Button onClick={() => setCheckoutOpen(true)}>{t('cart.checkout')}</Button>
          </div>
        </div>
      ) : null}
      <CartDialog open={isCartOpen} onOpenChange={onCartOpenChange} onCheckout={() => setCheckoutOpen(true)} />
      <Dialog open={isCheckoutOpen} onOpenChange={setCheckoutOpen}>
        <DialogContent title={t('cart.checkoutTitle')} closeLabel={t('common.close')}>
          <p>{t('cart.checkoutUnavailable')}</p>
          <p className="mt-4 flex items-baseline justify-between text-lg">
            <span>{t('cart.total')}</span>
            <strong data-testid="checkout-total">{formatPrice(cartTotal(cart))}</strong>
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.close')}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function CartDialog({
  open,
  onOpenChange,
  onCheckout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCheckout: () => void;
}) {
  const { t } = useTranslation('app');
  const { cart, remove } = useCart();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('cart.title')} closeLabel={t('common.close')}>
        {cart.recipient ? <p className="mb-3 text-sm text-muted">{t('cart.recipient', { name: cart.recipient.name })}</p> : null}
        {cart.items.length === 0 ? (
          <p className="text-muted">{t('cart.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('cart.title')}>
            {cart.items.map((item) => (
              <li key={item.lineId} className="flex items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">{item.gift.name}</p>
                  <p className="text-sm text-muted">{item.business.name}</p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="font-semibold">{formatPrice(item.gift.price)}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('cart.remove', { name: item.gift.name })}
                    onClick={() => {
                      remove(item.lineId);
                      toast.message(t('cart.removed', { name: item.gift.name }));
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {cart.items.length > 0 ? (
          <>
            <p className="mt-3 flex items-baseline justify-between text-lg">
              <span>{t('cart.total')}</span>
              <strong>{formatPrice(cartTotal(cart))}</strong>
            </p>
            <DialogFooter>
              <Button
                onClick={() => {
                  onOpenChange(false);
                  onCheckout();
                }}
              >
                {t('cart.checkout')}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
