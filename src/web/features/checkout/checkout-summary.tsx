import { useText } from '@web/lib/text';
import type { QuotedGift } from '@shared/contracts/checkout';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { formatDate, formatPrice } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import type { CartLine } from '@web/lib/cart';

/** The gifts that can no longer be bought, named once each, for the summary's and the form's messages. */
export const unavailableNames = (lines: CartLine[]) => [...new Set(lines.map((line) => `«${line.gift.name}»`))].join(', ');

/** The checkout's side card: prices as quoted now, the total, the form's error, what paying means, and the button. */
export function CheckoutSummary({
  lines,
  quoted,
  linePrice,
  total,
  isQuoteLoading,
  quoteError,
  onRetryQuote,
  unavailable,
  formError,
  isSubmitting,
}: {
  lines: CartLine[];
  quoted: Map<string, QuotedGift>;
  /** A line's price now: a gift card's is the amount typed (ADR 108). */
  linePrice?: (line: CartLine) => number;
  total: number;
  isQuoteLoading: boolean;
  quoteError: string | null;
  onRetryQuote: () => void;
  unavailable: CartLine[];
  formError: string | null;
  isSubmitting: boolean;
}) {
  const { t, language } = useText('checkout');
  const isBlocked = unavailable.length > 0 || isQuoteLoading || quoteError !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5 lg:sticky lg:top-4">
      <section aria-labelledby="summary-title" className="flex flex-col gap-3">
        <h2 id="summary-title" className="font-display text-xl font-semibold">
          {t('summary.title')}
        </h2>
        {quoteError !== null ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-xl bg-danger-50 p-3 text-sm text-danger-700">
            <p>{quoteError}</p>
            <Button variant="outline" size="sm" onClick={onRetryQuote}>
              {t('summary.retry')}
            </Button>
          </div>
        ) : null}
        <ul className="flex flex-col divide-y divide-line" data-testid="checkout-summary">
          {lines.map((line, index) => {
            const quote = quoted.get(line.gift.id);
            return (
              <li key={line.lineId} className="flex flex-col gap-0.5 py-2 text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold">
                    {line.gift.name}
                    <span className="block font-normal text-muted">
                      {line.recipient.name.trim() ? t('cart.for', { name: line.recipient.name.trim() }) : t('line.position', { index: index + 1, count: lines.length })}
                    </span>
                    <span className="block font-normal text-muted" data-testid="summary-seller">
                      {t('precontract.soldBy', { business: quote?.businessName ?? line.business.name })}
                    </span>
                  </span>
                  <span className="font-semibold" data-testid="summary-price">
                    {quote?.kind === 'card' && linePrice
                      ? formatPrice(linePrice(line))
                      : quote?.price != null
                        ? formatPrice(quote.price)
                        : isQuoteLoading
                          ? '…'
                          : formatPrice(line.gift.price)}
                  </span>
                </div>
                {quote?.kind === 'card' ? <span className="text-muted">{t('card.vatWhenUsed')}</span> : null}
                {quote?.available === false ? (
                  <span className="font-semibold text-danger-700">{t('summary.unavailableOne')}</span>
                ) : quote?.validityDays != null && quote.expiresAtIfPaidNow ? (
                  <span className="text-muted">
                    {t('summary.validity', { count: quote.validityDays, date: formatDate(quote.expiresAtIfPaidNow, language) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="flex items-baseline justify-between border-t border-line pt-3 text-lg">
          <span>{t('summary.total')}</span>
          <strong data-testid="checkout-total">{formatPrice(total)}</strong>
        </p>
        <p className="text-sm text-muted" data-testid="summary-vat">
          {lines.some((line) => quoted.get(line.gift.id)?.kind === 'card') ? t('summary.vatWithCards') : t('summary.vat')}
        </p>
        {unavailable.length > 0 ? (
          <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700">
            {t('summary.unavailable', { names: unavailableNames(unavailable) })}
          </p>
        ) : null}
        {formError !== null && unavailable.length === 0 ? (
          <p role="alert" className="rounded-xl bg-danger-50 p-3 text-sm font-medium text-danger-700" data-testid="checkout-error">
            {formError}
          </p>
        ) : null}
        <PreContractInformation total={total} />
        <Button type="submit" size="lg" disabled={isBlocked} aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? <Spinner decorative /> : null}
          {isSubmitting ? t('submitting') : t('submit', { total: formatPrice(total) })}
        </Button>
      </section>
    </Card>
  );
}

/**
 * What the law asks a buyer to see before paying (ADR 059): who sells and through whom,
 * the total with VAT, validity, the 14-day withdrawal right with the model form, and the
 * terms of sale that paying accepts (their version goes with the request). The legal pages
 * are server-rendered (ADR 059): plain links, opened in a new tab so the cart stays; each
 * kept on one line (inline-block), so a focused link is never split around other text.
 */
function PreContractInformation({ total }: { total: number }) {
  const { t, language } = useText('checkout');
  const legalLink = (path: string, label: string) => (
    <a href={`${path}?lang=${language}`} target="_blank" rel="noopener" className="inline-block font-semibold text-brand-700 underline underline-offset-4">
      {label}
    </a>
  );
  return (
    <section aria-labelledby="precontract-title" className="flex flex-col gap-2 rounded-xl bg-sand-100 p-3 text-sm" data-testid="precontract">
      <h3 id="precontract-title" className="font-semibold">
        {t('precontract.title')}
      </h3>
      <p>
        {t('precontract.seller')} {legalLink('/legal', t('precontract.legal'))}
      </p>
      <p>{t('precontract.total', { total: formatPrice(total) })}</p>
      <p>{t('precontract.validity')}</p>
      <p>
        {t('precontract.withdrawal')} {legalLink('/withdrawal-form', t('precontract.withdrawalForm'))}
      </p>
      <p className="font-semibold">
        {t('precontract.accept', { date: formatDate(`${TERMS_VERSION}T12:00:00Z`, language) })} {legalLink('/terms', t('precontract.terms'))}
      </p>
    </section>
  );
}
