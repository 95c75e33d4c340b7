import { ShoppingBag } from 'lucide-react';
import { useText } from '@web/lib/text';
import type { CatalogGift } from '@shared/contracts/catalog';
import { formatPrice } from '@shared/format';
import { cardBounds } from '@shared/domain/gift-card';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { BookingInfo, GiftConditionsList, OnlineBookingNote } from './booking-info';
import { ReportLink } from './report-link';

interface GiftCardProps {
  gift: CatalogGift;
  onAdd: (gift: CatalogGift) => void;
  /** Hide the business line where the business is already the page's subject. */
  showBusiness?: boolean;
  /**
   * The list's first card: its picture is the largest thing above the fold on a phone (the
   * page's LCP), so it is fetched at once and early rather than lazily (ADR 045).
   */
  isFirst?: boolean;
}

export function GiftCard({ gift, onAdd, showBusiness = true, isFirst = false }: GiftCardProps) {
  const { t } = useText('app');
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      {gift.imageUrl ? (
        <img
          src={gift.imageUrl}
          alt=""
          loading={isFirst ? 'eager' : 'lazy'}
          fetchPriority={isFirst ? 'high' : undefined}
          width={400}
          height={240}
          className="aspect-[2/1] sm:aspect-[5/3] w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-[2/1] sm:aspect-[5/3] items-center justify-center bg-brand-50 text-brand-300">
          <ShoppingBag className="size-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 className="font-display text-lg font-semibold leading-snug">{gift.name}</h3>
        {showBusiness ? (
          <p className="text-sm text-muted">{t('gifts.from', { business: gift.business.name })}</p>
        ) : null}
        {gift.description ? <p className="line-clamp-3 text-sm">{gift.description}</p> : null}
        <p className="text-sm text-muted">{t('gifts.validFor', { count: gift.validityDays })}</p>
        <GiftConditionsList gift={gift} />
        <OnlineBookingNote gift={gift} />
        {/* On the business's own page its booking details are shown once, above its gifts. */}
        {showBusiness ? <BookingInfo booking={gift.business.booking} /> : null}
        <ReportLink type="gift" id={gift.id} name={`${gift.name} · ${gift.business.name}`} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <p className="text-xl font-bold text-brand-800" data-testid="gift-price">
            {cardBounds(gift) ? t('gifts.cardPrice', { min: formatPrice(gift.minAmount!), max: formatPrice(gift.maxAmount!) }) : formatPrice(gift.price)}
          </p>
          <Button size="sm" onClick={() => onAdd(gift)}>
            {t('gifts.addToCart')}
            <span className="sr-only">: {gift.name}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}
