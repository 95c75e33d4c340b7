import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { useText } from '@web/lib/text';
import { useCart } from '@web/lib/use-cart';
import { useQuote } from './api';

/**
 * `/checkout?add=<gift id>`: a public gift page's "Send this gift" (ADR 075). The gift is
 * quoted (today's price and whether it is on sale), put in the cart once, and the parameter
 * dropped from the address so a reload does not add it again. A line for that gift still
 * waiting for its recipient is reused rather than doubled (the visitor went back and clicked
 * again). Returns whether a gift from the address is still being added.
 */
export function useAddFromLink(): boolean {
  const { t } = useText('checkout');
  const [params, setParams] = useSearchParams();
  const giftId = params.get('add');
  const { cart, add } = useCart();
  const quote = useQuote(giftId ? [giftId] : []);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!giftId || handled.current === giftId || quote.isPending) return;
    handled.current = giftId;
    const item = quote.data?.items[0];
    if (item?.available && item.name && item.businessId && item.businessName && item.price !== null && item.validityDays !== null) {
      const waiting = cart.lines.some((line) => line.gift.id === giftId && !line.recipient.name.trim());
      if (!waiting) {
        add({
          gift: { id: giftId, name: item.name, price: item.price, currency: item.currency, validityDays: item.validityDays, imageUrl: item.imageUrl },
          business: { id: item.businessId, name: item.businessName },
        });
      }
      toast.success(t('addedFromLink', { gift: item.name }));
    } else {
      toast.error(t('addUnavailable'));
    }
    const rest = new URLSearchParams(params);
    rest.delete('add');
    setParams(rest, { replace: true });
  }, [giftId, quote.isPending, quote.data, cart.lines, add, params, setParams, t]);

  return giftId !== null;
}
