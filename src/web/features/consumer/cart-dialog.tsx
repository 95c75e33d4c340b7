import { Copy, Trash2 } from 'lucide-react';
import { useText } from '@web/lib/text';
import { Link } from 'react-router';
import { formatPrice } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { canAddToCart, cartTotal } from '@web/lib/cart';
import { useCart } from '@web/lib/use-cart';

/** The cart itself: each line with its gift, recipient and price, and the way to checkout. */
export function CartDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useText('app');
  const { t: tc } = useText('checkout');
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
                        ? tc('cart.for', { name: line.recipient.name.trim() })
                        : tc('cart.forNobodyYet')}
                    </p>
                  </div>
                  <span className="font-semibold">{formatPrice(line.gift.price)}</span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!canAddToCart(cart)}
                    aria-label={tc('line.duplicateNamed', { gift: line.gift.name })}
                    onClick={() => {
                      duplicate(line.lineId);
                      toast.message(tc('line.duplicated', { gift: line.gift.name }));
                    }}
                  >
                    <Copy aria-hidden="true" />
                    {tc('line.duplicate')}
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
