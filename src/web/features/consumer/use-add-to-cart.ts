import { useText } from '@web/lib/text';
import type { CatalogGift } from '@shared/contracts/catalog';
import { toast } from '@web/components/ui/toast';
import { useCart } from '@web/lib/use-cart';

export function useAddToCart() {
  const { t } = useText('app');
  const { add } = useCart();
  return (gift: CatalogGift) => {
    const line = add({
      gift: {
        id: gift.id,
        name: gift.name,
        price: gift.price,
        currency: gift.currency,
        validityDays: gift.validityDays,
        imageUrl: gift.imageUrl,
      },
      business: { id: gift.business.id, name: gift.business.name },
    });
    if (!line) {
      toast.error(t('cart.full'));
      return;
    }
    toast.success(
      line.recipient.name
        ? t('cart.addedFor', { gift: gift.name, name: line.recipient.name })
        : t('gifts.added', { name: gift.name }),
    );
  };
}
