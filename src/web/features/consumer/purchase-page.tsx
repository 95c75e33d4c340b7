import { CreditCard, FolderInput, ShoppingBag, Undo2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { PurchaseView } from '@shared/contracts/guest-checkout';
import { formatDateTime, formatPrice } from '@shared/format';
import { PublicFormPage } from '@web/components/public-form-page';
import { QueryFallback } from '@web/components/query-fallback';
import { SignedInArea, type AreaSettings } from '@web/components/signed-in-area';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';
import { apiErrorMessage } from '@web/lib/api-error';
import { RETURN_PARAM } from '@web/lib/return-path';
import { useText } from '@web/lib/text';
import { useAddPurchaseToAccount, usePurchase } from './api';
import { OrderCard, shareText } from './orders-tab';
import { OrdersScopeContext, type OrdersScope } from './orders-scope';
import { useRecipientTexts } from './use-recipient-texts';

const purchaseArea: AreaSettings = { texts: 'app' };
const linkErrors = ['purchase_link_invalid', 'purchase_link_expired'];

/**
 * A guest's purchase (ADR 075), opened by the receipt email's signed link: the same order
 * cards as "My orders" (gift links, WhatsApp, resend, change a scheduled delivery), the
 * withdrawal form of this purchase, and "Add to my account" for the account with the
 * purchase's confirmed address (nothing moves into an account by itself).
 */
export default function PurchasePage() {
  return (
    <SignedInArea settings={purchaseArea}>
      <Purchase />
    </SignedInArea>
  );
}

function Purchase() {
  const { t } = useText('orders');
  const { t: ta } = useText('app');
  const token = useParams().token ?? '';
  const query = usePurchase(token);
  return (
    <PublicFormPage metaTitle={t('purchase.metaTitle')} icon={<ShoppingBag aria-hidden="true" className="size-8 text-brand-600" />} title={t('purchase.title')}>
      {query.data ? (
        <PurchaseDetails purchase={query.data} token={token} />
      ) : query.error instanceof ApiError && linkErrors.includes(query.error.code) ? (
        // A link that no longer opens anything: the way to get working ones again.
        <Card className="flex flex-col items-start gap-3 p-5" role="alert" data-testid="purchase-link-error">
          <p>{t(`purchase.errors.${query.error.code}`)}</p>
          <Link to="/purchase" className="font-semibold text-brand-700 underline underline-offset-4">
            {t('purchase.findPurchases')}
          </Link>
        </Card>
      ) : (
        <QueryFallback
          error={query.isError ? apiErrorMessage(query.error, 'app') : null}
          onRetry={() => void query.refetch()}
          retryLabel={ta('common.retry')}
          loadingLabel={ta('common.loading')}
        />
      )}
    </PublicFormPage>
  );
}

function PurchaseDetails({ purchase, token }: { purchase: PurchaseView; token: string }) {
  const { t, language } = useText('orders');
  const recipientTexts = useRecipientTexts();
  const scope: OrdersScope = {
    ordersPath: `/api/purchases/${encodeURIComponent(token)}/orders`,
    listKey: ['purchase', token],
    // The purchase's own signed withdrawal form: a guest has no session for /withdraw/<id>.
    withdrawPath: () => purchase.withdrawPath,
  };
  return (
    <OrdersScopeContext.Provider value={scope}>
      <p data-testid="purchase-lead">
        {t('purchase.lead', { name: purchase.buyerName, email: purchase.buyerEmail, date: formatDateTime(purchase.paidAt ?? purchase.createdAt, language) })}
      </p>
      <p className="font-semibold">{t('purchase.total', { total: formatPrice(purchase.totalAmount) })}</p>
      {purchase.status === 'succeeded' && purchase.paymentMethod ? <p data-testid="purchase-paid-with">{t(`purchase.paidWith.${purchase.paymentMethod}`)}</p> : null}
      {purchase.status === 'pending' && purchase.awaitingBank ? (
        // Bizum authorised, the bank not yet (ADR 106): nothing to pay again.
        <Card className="flex flex-col items-start gap-3 p-4" role="status" data-testid="purchase-awaiting-bank">
          <p>{t('purchase.awaitingBank')}</p>
        </Card>
      ) : purchase.status === 'pending' ? (
        <Card className="flex flex-col items-start gap-3 p-4">
          <p>{t('purchase.pendingLead')}</p>
          {purchase.paymentUrl ? (
            <Button asChild>
              <a href={purchase.paymentUrl}>
                <CreditCard aria-hidden="true" />
                {t('purchase.pay')}
              </a>
            </Button>
          ) : null}
        </Card>
      ) : purchase.orders.length === 0 ? (
        <p className="text-muted">{t('purchase.notPaid')}</p>
      ) : (
        <section aria-labelledby="purchase-gifts" className="flex flex-col gap-3">
          <h2 id="purchase-gifts" className="font-display text-xl font-semibold">
            {t('purchase.gifts')}
          </h2>
          {purchase.withdrawPath && purchase.withdrawUntil ? (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-sand-100 p-3 text-sm" data-testid="purchase-withdrawal">
              <p>{t('purchase.withdrawUntil', { date: formatDateTime(purchase.withdrawUntil, language) })}</p>
              <Button variant="outline" size="sm" asChild>
                <Link to={purchase.withdrawPath}>
                  <Undo2 aria-hidden="true" />
                  {t('withdrawLink')}
                </Link>
              </Button>
            </div>
          ) : null}
          <ul className="flex flex-col gap-3" data-testid="my-orders-list">
            {purchase.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} whatsAppText={recipientTexts ? shareText(recipientTexts(order.recipientLocale), order) : null} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <AccountCard purchase={purchase} token={token} />
    </OrdersScopeContext.Provider>
  );
}

/**
 * What the page offers about accounts (the server decides, `PurchaseView.account`): the
 * button for the account with the purchase's confirmed address, where it went once added,
 * or how to get there; nothing for a purchase that is not paid or is in another account.
 */
function AccountCard({ purchase, token }: { purchase: PurchaseView; token: string }) {
  const { t } = useText('orders');
  const add = useAddPurchaseToAccount(token);
  const back = new URLSearchParams({ [RETURN_PARAM]: `/purchase/${token}` }).toString();
  const linkClass = 'font-semibold text-brand-700 underline underline-offset-4';
  const email = purchase.buyerEmail;
  switch (purchase.account) {
    case 'can_add':
      return (
        <Card className="flex flex-col items-start gap-3 p-4 text-sm" data-testid="purchase-account">
          <p>{t('purchase.addLead', { email })}</p>
          <Button onClick={() => add.mutate()} disabled={add.isPending}>
            <FolderInput aria-hidden="true" />
            {add.isPending ? t('purchase.adding') : t('purchase.add')}
          </Button>
          {add.isError ? (
            <p role="alert" className="font-medium text-danger-700">
              {t(`purchase.addErrors.${add.error instanceof ApiError ? add.error.code : 'default'}`, { defaultValue: t('purchase.addErrors.default') })}
            </p>
          ) : null}
        </Card>
      );
    case 'added':
      return (
        <Card className="flex flex-col items-start gap-2 p-4 text-sm" data-testid="purchase-account">
          <p role="status">{t('purchase.added')}</p>
          <Link to="/app?tab=orders" className={linkClass}>
            {t('purchase.goToOrders')}
          </Link>
        </Card>
      );
    case 'signed_out':
      return (
        <Card className="flex flex-col items-start gap-2 p-4 text-sm" data-testid="purchase-account">
          <p>{t('purchase.signedOut', { email })}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to={`/auth?${back}`} className={linkClass}>
              {t('purchase.signIn')}
            </Link>
            <Link to={`/auth?tab=signup&${back}`} className={linkClass}>
              {t('purchase.createAccount')}
            </Link>
          </div>
        </Card>
      );
    case 'other_account':
      return (
        <Card className="p-4 text-sm" data-testid="purchase-account">
          <p>{t('purchase.otherAccount', { email })}</p>
        </Card>
      );
    default:
      return null;
  }
}
