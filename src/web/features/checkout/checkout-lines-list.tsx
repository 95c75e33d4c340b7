import { useText } from '@web/lib/text';
import type { CheckoutLine } from '@shared/contracts/checkout';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { GiftPageLinks } from '@web/components/gift-page-links';

/** The gifts of a created checkout: who gets what, when, and until when it is valid. */
export function CheckoutLinesList({ lines, showDelivery = false }: { lines: CheckoutLine[]; showDelivery?: boolean }) {
  const { t, language } = useText('checkout');
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="checkout-lines">
      {lines.map((line) => (
        <li key={line.orderId} className="flex flex-col gap-0.5 py-3">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-semibold">{line.giftName}</span>
            <span className="font-semibold">{formatPrice(line.price)}</span>
          </div>
          <span className="text-sm text-muted">{t('line.from', { business: line.businessName })}</span>
          {line.valueKind === 'card' ? (
            // A multi-purpose voucher (ADR 104): no VAT now, the business charges it at each use.
            <span className="text-sm text-muted" data-testid="card-vat-when-used">
              {t('card.vatWhenUsed')}
            </span>
          ) : null}
          {line.recipientName ? <span>{t('cart.for', { name: line.recipientName })}</span> : null}
          {showDelivery ? (
            <span className="text-sm" data-testid="delivery-when">
              {line.handover === 'in_person'
                ? t('result.inPerson')
                : line.deliverAt
                  ? t('result.deliveredAt', { date: formatDateTime(line.deliverAt, language) })
                  : t('result.deliveredNow')}
            </span>
          ) : null}
          <span className="text-sm text-muted">{t('result.validUntil', { date: formatDate(line.expiresAt, language) })}</span>
          {showDelivery && line.giftPagePath ? (
            <div className="pt-2">
              <GiftPageLinks
                giftPagePath={line.giftPagePath}
                labels={{ open: t('inPerson.open'), printA6: t('inPerson.printA6'), printFolded: t('inPerson.printFolded') }}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
