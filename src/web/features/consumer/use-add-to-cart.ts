import { useTranslation } from 'react-i18next';
import type { CatalogGift } from '@shared/contracts/catalog';
import { toast } from '@web/components/ui/toast';
import { useCart } from './use-cart';

export function useAddToCart() {
  const { t } = useTranslation('app');
  const { add } = useCart();
  return (gift: CatalogGift) => {
    add({
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
    toast.success(t('gifts.added', { name: gift.name }));
  };
}
