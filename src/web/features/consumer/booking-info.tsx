import { CalendarCheck, Clock, Globe, MessageCircle, Phone } from 'lucide-react';
import type { CatalogBooking, CatalogGift } from '@shared/contracts/catalog';
import { formatPhone, giftConditionLines, hasBookingContact, telHref, whatsappHref } from '@shared/domain/gift-conditions';
import { formatDateTime } from '@shared/format';
import { useText } from '@web/lib/text';

/**
 * What a giver should know before buying, and what the recipient will be told:
 * the same wording as the gift page, from the `gift` catalogues.
 */
export function GiftConditionsList({ gift }: { gift: Pick<CatalogGift, 'bookingRequired' | 'partySize' | 'validWeekdays' | 'conditions'> }) {
  const { t, language } = useText('gift');
  const lines = giftConditionLines(gift, language, (key, values) => t(key, values));
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" aria-label={t('conditions.title')} data-testid="gift-conditions">
      {lines.map((line) => (
        <li key={line} className="flex items-start gap-1.5">
          <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {line}
        </li>
      ))}
    </ul>
  );
}

/** A gift booked online (ADR 105): said before buying, with the next free time. */
export function OnlineBookingNote({ gift }: { gift: Pick<CatalogGift, 'onlineBooking'> }) {
  const { t, language } = useText('gift');
  if (!gift.onlineBooking) return null;
  return (
    <p className="flex items-start gap-1.5 text-sm" data-testid="book-online">
      <CalendarCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <span>
        <span className="font-semibold">{t('conditions.bookOnline')}</span>
        <br />
        {t('conditions.nextFree', { when: formatDateTime(gift.onlineBooking.nextFreeAt, language) })}
      </span>
    </p>
  );
}

/** How to book the business and when it is open: the phone as a tel: link. */
export function BookingInfo({ booking }: { booking: CatalogBooking }) {
  const { t } = useText('gift');
  if (!hasBookingContact(booking) && !booking.openingHours) return null;
  const link = 'inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-4';
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="booking-info">
      {hasBookingContact(booking) ? (
        <>
          <p className="font-semibold">{t('booking.title')}</p>
          <ul className="flex flex-wrap gap-x-4">
            {booking.phone ? (
              <li>
                <a className={link} href={telHref(booking.phone)}>
                  <Phone aria-hidden="true" className="size-4" />
                  {t('booking.call', { phone: formatPhone(booking.phone) })}
                </a>
              </li>
            ) : null}
            {booking.whatsapp ? (
              <li>
                <a className={link} href={whatsappHref(booking.whatsapp)} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" className="size-4" />
                  {t('booking.whatsapp')}
                </a>
              </li>
            ) : null}
            {booking.bookingUrl ? (
              <li>
                <a className={link} href={booking.bookingUrl} target="_blank" rel="noopener noreferrer">
                  <Globe aria-hidden="true" className="size-4" />
                  {t('booking.web')}
                </a>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      {booking.openingHours ? (
        <p className="flex items-start gap-1.5 whitespace-pre-line">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">{t('booking.hours')}: </span>
            {booking.openingHours}
          </span>
        </p>
      ) : null}
    </div>
  );
}
