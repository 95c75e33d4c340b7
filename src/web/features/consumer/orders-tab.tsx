import { CalendarClock, CreditCard, ExternalLink, Gift, Link2, Mail, MessageCircle, Send, Trash2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { getLanguage } from '@web/lib/language';
import { loadText, useText } from '@web/lib/text';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { GiftPageLinks } from '@web/components/gift-page-links';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { orderStatusBadge } from '@web/lib/order-status-style';
import type { MyOrder, PendingPurchase } from '@shared/contracts/my-orders';
import { useDiscardPendingPurchase, useMyOrders, usePendingPurchases, useResendOrderEmail } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { useOrdersScope } from './orders-scope';
import { QueryState } from './query-state';
import { useRecipientTexts } from './use-recipient-texts';
import { whatsAppUrl } from './whatsapp';

export function OrdersTab() {
  const { t } = useText('app');
  const query = useMyOrders();
  const pending = usePendingPurchases();
  const recipientTexts = useRecipientTexts();
  const purchases = pending.data?.items ?? [];

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-4">
      <h2 id="orders-title" className="font-display text-2xl font-semibold">
        {t('orders.title')}
      </h2>
      {purchases.length > 0 ? (
        <section aria-labelledby="pending-purchases-title" className="flex flex-col gap-3">
          <h3 id="pending-purchases-title" className="text-lg font-semibold">
            {t('orders.pending.title')}
          </h3>
          <ul className="flex flex-col gap-3">
            {purchases.map((purchase) => (
              <li key={purchase.id}>
                <PendingPurchaseCard purchase={purchase} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <QueryState query={query}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          return items.length === 0 ? (
            purchases.length > 0 ? null : (
              <Card className="flex flex-col items-center gap-3 p-8 text-center">
                <Gift aria-hidden="true" className="size-10 text-brand-400" />
                <p className="text-lg font-semibold">{t('orders.empty')}</p>
                <p className="text-muted">{t('orders.emptyHint')}</p>
                <Button asChild>
                  <Link to="/app?tab=gifts">{t('orders.browseGifts')}</Link>
                </Button>
              </Card>
            )
          ) : (
            <>
              <ul className="flex flex-col gap-3" data-testid="my-orders-list">
                {items.map((order) => (
                  <li key={order.id}>
                    <OrderCard order={order} whatsAppText={recipientTexts ? shareText(recipientTexts(order.recipientLocale), order) : null} />
                  </li>
                ))}
              </ul>
              {query.hasNextPage ? (
                <Button
                  variant="outline"
                  className="self-center"
                  aria-disabled={query.isFetchingNextPage || undefined}
                  onClick={() => {
                    if (!query.isFetchingNextPage) void query.fetchNextPage();
                  }}
                >
                  {query.isFetchingNextPage ? <Spinner decorative /> : null}
                  {t('orders.loadMore')}
                </Button>
              ) : null}
              {query.isFetchNextPageError ? (
                <p role="alert" className="text-center text-sm font-medium text-danger-700">
                  {apiErrorMessage(query.error, 'app')}
                </p>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/**
 * A checkout the giver started and has not paid: one card for all its gifts, to pay now
 * (its payment page) or to discard. It disappears once paid, discarded or past its time.
 */
function PendingPurchaseCard({ purchase }: { purchase: PendingPurchase }) {
  const { t, language } = useText('app');
  const discard = useDiscardPendingPurchase();
  const started = formatDateTime(purchase.createdAt, language);
  return (
    <Card className="flex flex-col gap-2 border-saffron-800/40 p-4" data-testid="pending-purchase">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">{t('orders.pending.started', { date: started })}</p>
        <Badge variant={orderStatusBadge('unpaid')}>{t('orders.status.unpaid')}</Badge>
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {purchase.lines.map((line, index) => (
          <li key={index}>
            {t('orders.pending.line', { gift: line.giftName, business: line.businessName, name: line.recipientName })}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <span className="font-bold">{formatPrice(purchase.totalAmount)}</span>
        {' · '}
        {t('orders.pending.payBefore', { date: formatDateTime(purchase.expiresAt, language) })}
      </p>
      <div className="flex flex-wrap gap-2 border-t border-line pt-3">
        <Button size="sm" asChild>
          <a href={purchase.paymentUrl}>
            <CreditCard aria-hidden="true" />
            {t('orders.pending.payNow')}
          </a>
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('orders.pending.discardNamed', { date: started })}
          aria-disabled={discard.isPending || undefined}
          onClick={() => {
            if (discard.isPending) return;
            discard.mutate(purchase.id, { onSuccess: () => toast.success(t('orders.pending.discarded')) });
          }}
        >
          {discard.isPending ? <Spinner decorative /> : <Trash2 aria-hidden="true" />}
          {t('orders.pending.discard')}
        </Button>
      </div>
    </Card>
  );
}

/** Scheduled, sending (the mail server has not taken it yet), delivered or failed. */
function deliveryText(tc: (key: string, options?: Record<string, string>) => string, order: MyOrder, language: string) {
  if (order.deliveredAt) return tc('delivered', { date: formatDateTime(order.deliveredAt, language) });
  if (order.deliveryState === 'sending') return tc('sending');
  if (order.deliveryState === 'failed') return tc('failed');
  if (order.deliveryState === 'in_person') return tc('inPerson.state');
  return order.deliverAt ? tc('scheduled', { date: formatDateTime(order.deliverAt, language) }) : tc('delivering');
}

export function shareText(t: (key: string, options: Record<string, string>) => string, order: MyOrder) {
  const values = {
    recipient: order.recipientName,
    gift: order.giftName,
    business: order.businessName,
    url: order.giftUrl ?? '',
  };
  return order.senderName
    ? t('whatsAppText', { ...values, sender: order.senderName })
    : t('whatsAppTextUnsigned', values);
}

export function OrderCard({ order, whatsAppText }: { order: MyOrder; whatsAppText: string | null }) {
  const { t, language } = useText('app');
  const { t: tc } = useText('orders');
  const resend = useResendOrderEmail();
  const isPaid = order.status === 'paid';
  // Given in person and not sent (ADR 103): its page and cards, and "Send it now".
  const inPerson = order.deliveryState === 'in_person';

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(order.giftUrl!);
      toast.success(tc('linkCopied'));
    } catch {
      // No clipboard (insecure context, refused permission): show the link to copy by hand.
      toast.message(tc('copyByHand'), { description: order.giftUrl! });
    }
  };

  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="my-order">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{order.giftName}</h3>
          <p className="text-sm text-muted">{t('orders.from', { business: order.businessName })}</p>
        </div>
        <Badge variant={orderStatusBadge(order.status)}>{t(`orders.status.${order.status}`)}</Badge>
      </div>
      <p>{order.recipientName ? t('orders.recipient', { name: order.recipientName }) : tc('inPerson.unnamed')}</p>
      {order.personalMessage ? <p className="text-sm italic text-muted">“{order.personalMessage}”</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <p className="font-bold">
          <span className="sr-only">{t('orders.total')}: </span>
          {formatPrice(order.totalAmount)}
        </p>
        <p>{t('orders.created', { date: formatDateTime(order.createdAt, language) })}</p>
        <p>{t('orders.expires', { date: formatDate(order.expiresAt, language) })}</p>
      </div>
      {isPaid || order.deliveredAt ? (
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold" data-testid="delivery-state">
          <CalendarClock aria-hidden="true" className="size-4 text-muted" />
          {deliveryText(tc, order, language)}
        </p>
      ) : null}
      {inPerson && isPaid && order.giftPagePath ? (
        <GiftPageLinks
          giftPagePath={order.giftPagePath}
          labels={{ open: tc('inPerson.open'), printA6: tc('inPerson.printA6'), printFolded: tc('inPerson.printFolded') }}
        />
      ) : order.giftPagePath ? (
        <a
          href={order.giftPagePath}
          className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('orders.openGiftPage')}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
      <WithdrawalNotice order={order} />
      {isPaid && inPerson && order.canChangeDelivery ? (
        <div className="flex flex-wrap gap-2 border-t border-line pt-3">
          <ChangeDelivery order={order} />
        </div>
      ) : isPaid && order.giftUrl ? (
        <div className="flex flex-wrap gap-2 border-t border-line pt-3">
          <Button variant="outline" size="sm" onClick={() => void copyLink()}>
            <Link2 aria-hidden="true" />
            {tc('copyLink')}
          </Button>
          {whatsAppText ? (
            <Button variant="outline" size="sm" asChild>
              <a href={whatsAppUrl(whatsAppText, order.recipientPhone)} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden="true" />
                {tc('whatsApp')}
                <span className="sr-only"> {tc('opensInNewTab')}</span>
              </a>
            </Button>
          ) : null}
          {order.canResend ? (
            <Button
              variant="outline"
              size="sm"
              aria-disabled={resend.isPending || undefined}
              onClick={() => {
                if (resend.isPending) return;
                resend.mutate(order.id, {
                  onSuccess: () => toast.success(tc('resent', { email: order.recipientEmail })),
                  // Other failures get the area's usual toast.
                  onError: (error) => {
                    if (error instanceof ApiError && error.code === 'rate_limited') {
                      toast.error(t('errors.title'), { description: tc('resendRateLimited') });
                    }
                  },
                });
              }}
            >
              {resend.isPending ? <Spinner decorative /> : <Mail aria-hidden="true" />}
              {tc('resend')}
            </Button>
          ) : null}
          {order.canChangeDelivery ? <ChangeDelivery order={order} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

/**
 * The right of withdrawal (ADR 064): while it lasts, the clearly visible way to it; once it
 * is gone, why (withdrawn, redeemed, the 14 days over).
 */
function WithdrawalNotice({ order }: { order: MyOrder }) {
  const { t: tc, language } = useText('orders');
  const { state, until, at } = order.withdrawal;
  const withdrawPath = useOrdersScope().withdrawPath(order);
  if (state === 'open' && withdrawPath && until) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-sand-100 p-3 text-sm" data-testid="withdrawal-offer">
        <p>{tc('withdrawUntil', { date: formatDateTime(until, language) })}</p>
        <Button variant="outline" size="sm" asChild>
          <Link to={withdrawPath}>
            <Undo2 aria-hidden="true" />
            {tc('withdrawLink')}
          </Link>
        </Button>
      </div>
    );
  }
  const text =
    state === 'withdrawn' && at
      ? tc('withdrawnOn', { date: formatDateTime(at, language) })
      : state === 'redeemed'
        ? tc('withdrawRedeemed')
        : state === 'ended' && until
          ? tc('withdrawEnded', { date: formatDateTime(until, language) })
          : null;
  return text ? (
    <p className="text-sm text-muted" data-testid="withdrawal-state">
      {text}
    </p>
  ) : null;
}

// The change-delivery dialog (Radix Dialog with its focus and scroll locks, the delivery
// picker, the form) loads the first time one is opened, not with the tab (ADR 039).
// Its checkout texts (the delivery picker's, the errors) come in parallel with its code.
const ChangeDeliveryDialog = lazy(() =>
  Promise.all([import('./change-delivery-dialog'), loadText(getLanguage(), ['checkout'])]).then(([m]) => ({
    default: m.ChangeDeliveryDialog,
  })),
);

function ChangeDelivery({ order }: { order: MyOrder }) {
  const { t } = useText('orders');
  // The same dialog sends a gift given in person, once (ADR 103).
  const sendsNow = order.deliveryState === 'in_person';
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so later openings and closings animate as before.
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={sendsNow ? t('inPerson.sendNamed', { gift: order.giftName }) : t('changeDeliveryNamed', { name: order.recipientName })}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
      >
        {sendsNow ? <Send aria-hidden="true" /> : <CalendarClock aria-hidden="true" />}
        {sendsNow ? t('inPerson.send') : t('changeDelivery')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ChangeDeliveryDialog order={order} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
