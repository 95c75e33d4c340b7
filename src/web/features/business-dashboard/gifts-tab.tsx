import { CreditCard, Gift, ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useText } from '@web/lib/text';
import type { DashboardGift } from '@shared/contracts/business-dashboard';
import type { GiftKind } from '@shared/domain/gift-card';
import { formatPrice } from '@shared/format';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/lib/cn';
import { useDeleteGift, useGifts, useToggleGift } from './api';
import { apiErrorMessage } from '@web/lib/api-error';
import { QueryFallback } from '@web/components/query-fallback';
import { NotOnSaleNotice } from './payouts/not-on-sale-notice';

/** The gift being edited, or null with the kind being created (a gift or a gift card, ADR 108). */
type DialogState = { gift: DashboardGift | null; kind: GiftKind } | null;

// The gift form (its fields, image picker and validation) loads when a gift is first created
// or edited: opening the tab needs only the list (ADR 046).
const GiftDialog = lazy(() => import('./gift-dialog').then((m) => ({ default: m.GiftDialog })));

export function GiftsTab() {
  const { t } = useText('dashboard');
  const query = useGifts();
  const [dialog, setDialog] = useState<DialogState>(null);
  // "New gift" stays in the heading even while the list is empty: it is where focus goes when
  // a dialog's opener is gone (the empty state's button once the first gift exists, a
  // deleted gift's button), so it must outlive both.
  const createButton = useRef<HTMLButtonElement>(null);
  const focusCreateButton = () => createButton.current;

  return (
    <section aria-labelledby="gifts-title" className="flex flex-col gap-4">
      <NotOnSaleNotice />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gifts-title" className="font-display text-2xl font-semibold">
          {t('gifts.title')}
        </h2>
        {query.data ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog({ gift: null, kind: 'card' })}>
              <CreditCard aria-hidden="true" />
              {t('gifts.newCard')}
            </Button>
            <Button ref={createButton} onClick={() => setDialog({ gift: null, kind: 'fixed' })}>
              <Plus aria-hidden="true" />
              {t('gifts.new')}
            </Button>
          </div>
        ) : null}
      </div>
      {query.data ? (
        query.data.items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <Gift aria-hidden="true" className="size-10 text-brand-400" />
            <p className="text-lg font-semibold">{t('gifts.empty')}</p>
            <p className="text-muted">{t('gifts.emptyHint')}</p>
            <Button onClick={() => setDialog({ gift: null, kind: 'fixed' })}>
              <Plus aria-hidden="true" />
              {t('gifts.createFirst')}
            </Button>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.items.map((gift) => (
              <li key={gift.id}>
                <GiftCard gift={gift} onEdit={() => setDialog({ gift, kind: gift.kind })} fallbackFocus={focusCreateButton} />
              </li>
            ))}
          </ul>
        )
      ) : (
        <QueryFallback
          error={query.isError ? apiErrorMessage(query.error, 'dashboard') : null}
          onRetry={() => void query.refetch()}
          retryLabel={t('common.retry')}
          loadingLabel={t('common.loading')}
        />
      )}
      {dialog ? (
        <Suspense fallback={null}>
          <GiftDialog
            key={dialog.gift?.id ?? `new-${dialog.kind}`}
            open
            gift={dialog.gift}
            kind={dialog.kind}
            fallbackFocus={focusCreateButton}
            onOpenChange={(open) => {
              if (!open) setDialog(null);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function GiftCard({
  gift,
  onEdit,
  fallbackFocus,
}: {
  gift: DashboardGift;
  onEdit: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const { t } = useText('dashboard');
  const toggle = useToggleGift();
  const remove = useDeleteGift();
  const switchId = `gift-available-${gift.id}`;
  const isAvailable = toggle.isPending ? toggle.variables.isAvailable : gift.isAvailable;

  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="gift-card">
      <GiftImage key={`${gift.thumbnailUrl}|${gift.imageUrl}`} gift={gift} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold break-words">{gift.name}</h3>
          <p className="shrink-0 font-bold text-brand-800">
            {gift.kind === 'card' ? t('gifts.cardRange', { min: formatPrice(gift.minAmount ?? gift.price), max: formatPrice(gift.maxAmount ?? gift.price) }) : formatPrice(gift.price)}
          </p>
        </div>
        {gift.kind === 'card' ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-brand-800">
            <CreditCard aria-hidden="true" className="size-4" />
            {t('gifts.cardKind')}
          </p>
        ) : null}
        {/* A status region: after the switch is toggled, the saved state is announced. */}
        <p role="status" className="flex items-center gap-2 text-sm" data-testid="gift-availability">
          <span
            aria-hidden="true"
            className={cn('size-2.5 rounded-full', gift.isAvailable ? 'bg-green-600' : 'bg-stone-400')}
          />
          {gift.isAvailable ? t('gifts.available') : t('gifts.unavailable')}
        </p>
        {gift.description ? <p className="line-clamp-2 text-sm text-muted">{gift.description}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <div className="flex items-center gap-2">
            {/* aria-disabled, not disabled, while saving: a disabled control drops keyboard
                focus on <body> (WCAG 2.4.3); a change meanwhile is ignored instead. */}
            <Switch
              id={switchId}
              checked={isAvailable}
              aria-disabled={toggle.isPending || undefined}
              className="aria-disabled:cursor-progress aria-disabled:opacity-60"
              onCheckedChange={(checked) => {
                if (!toggle.isPending) toggle.mutate({ id: gift.id, isAvailable: checked });
              }}
            />
            <label htmlFor={switchId} className="text-sm">
              <span className="sr-only">{gift.name}: </span>
              {t('gifts.availableToggle')}
            </label>
          </div>
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('gifts.editNamed', { name: gift.name })}>
              <Pencil aria-hidden="true" />
              {t('common.edit')}
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger-700"
                  disabled={remove.isPending}
                  aria-label={t('gifts.deleteNamed', { name: gift.name })}
                >
                  <Trash2 aria-hidden="true" />
                  {t('common.delete')}
                </Button>
              }
              title={t('gifts.deleteTitle', { name: gift.name })}
              description={gift.hasOrders ? t('gifts.deleteArchiveLead') : t('gifts.deleteLead')}
              confirmLabel={t('common.delete')}
              cancelLabel={t('common.cancel')}
              fallbackFocus={fallbackFocus}
              // The card unmounts once the gift is gone, and callbacks given to mutate() die
              // with it: the toast hangs on the promise. (Failures reach the page's reporter.)
              onConfirm={() =>
                void remove.mutateAsync(gift.id).then(
                  (result) => toast.success(result.outcome === 'archived' ? t('gifts.archived') : t('gifts.deleted')),
                  () => undefined,
                )
              }
            />
          </div>
        </div>
      </div>
    </Card>
  );
}

/**
 * The 480 px variant when there is one, else the full image, else a placeholder; a variant
 * that fails to load falls back the same way (older images only have the full size).
 */
function GiftImage({ gift }: { gift: DashboardGift }) {
  const candidates = [gift.thumbnailUrl, gift.imageUrl].filter((url): url is string => Boolean(url));
  const [attempt, setAttempt] = useState(0);
  const src = candidates[attempt];
  if (!src) {
    return (
      <div className="flex h-40 items-center justify-center bg-sand-100 text-stone-500">
        <ImageIcon aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className="h-40 w-full object-cover"
      loading="lazy"
      onError={() => setAttempt((current) => current + 1)}
    />
  );
}
