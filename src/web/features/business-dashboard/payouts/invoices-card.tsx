import { formatMonth } from '@shared/format';
import type { Locale } from '@shared/locale';
import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDate, formatPrice } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { apiErrorMessage } from '@web/lib/api-error';
import { invoicePageUrl, invoicePdfUrl, useBusinessInvoices, useRectifyInvoice } from './payouts-api';

/** The month invoiced, `YYYY-MM`, in words (`octubre de 2026`). */
function monthName(period: string, language: Locale): string {
  return formatMonth(period, language);
}

/** Regalo's commission invoices (ADR 061): each opens as a printable page or downloads as a PDF. */
export function InvoicesCard() {
  const { t, language } = useText('payouts');
  const { t: dashboard } = useText('dashboard');
  const query = useBusinessInvoices();
  const rectify = useRectifyInvoice();
  // Which invoice the last correction was asked for, so its answer shows beside it.
  const [rectifying, setRectifying] = useState<string | null>(null);
  const noteId = useId();
  // Invoices are Spanish legal documents (ADR 063): a reader of another language is told before opening one.
  const languageNote = language === 'es' ? undefined : noteId;
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle as="h3">{t('invoices.title')}</CardTitle>
        <p className="text-sm text-muted">{t('invoices.hint')}</p>
      </CardHeader>
      <CardContent>
        {!query.data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'dashboard') : null} onRetry={() => void query.refetch()} retryLabel={dashboard('common.retry')} loadingLabel={dashboard('common.loading')} />
        ) : query.data.invoices.length === 0 ? (
          <p className="text-muted">{t('invoices.empty')}</p>
        ) : (
          <>
          {languageNote ? (
            <p id={languageNote} className="text-sm text-muted" data-testid="invoice-language-note">
              {t('invoices.languageNote')}
            </p>
          ) : null}
          <ul className="flex flex-col divide-y divide-line" data-testid="business-invoices">
            {query.data.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold tabular-nums">{invoice.fullNumber}</span>
                    <Badge variant={invoice.type === 'R1' ? 'warning' : 'neutral'}>{t(`invoices.types.${invoice.type}`)}</Badge>
                    {invoice.cancelledAt ? <Badge variant="destructive">{t('invoices.cancelled')}</Badge> : null}
                    {invoice.substitutedByFullNumber ? <Badge variant="neutral">{t('invoices.replaced')}</Badge> : null}
                  </p>
                  <p className="text-sm">
                    {t('invoices.period', { month: monthName(invoice.period, language) })} · {formatDate(`${invoice.issueDate}T12:00:00Z`, language)} ·{' '}
                    <span className="tabular-nums">{formatPrice(invoice.totalCents)}</span>
                    {invoice.correctsFullNumber ? ` · ${t(invoice.bySubstitution ? 'invoices.replaces' : 'invoices.corrects', { number: invoice.correctsFullNumber })}` : ''}
                    {invoice.substitutedByFullNumber ? ` · ${t('invoices.replacedBy', { number: invoice.substitutedByFullNumber })}` : ''}
                  </p>
                  {invoice.recipientOutdated ? (
                    <p className="max-w-prose text-sm text-muted" id={`${noteId}-${invoice.id}`}>
                      {t('invoices.rectifyHint')}
                    </p>
                  ) : null}
                  {rectifying === invoice.id && rectify.isSuccess ? (
                    <p role="status" className="text-sm font-semibold text-green-800" data-testid="invoice-rectified">
                      {t('invoices.rectified', { number: rectify.data.fullNumber })}
                    </p>
                  ) : null}
                  {rectifying === invoice.id && rectify.isError ? (
                    <p role="alert" className="text-sm font-semibold text-red-800">
                      {apiErrorMessage(rectify.error, 'dashboard')}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {invoice.recipientOutdated ? (
                    <Button
                      type="button"
                      size="sm"
                      aria-describedby={`${noteId}-${invoice.id}`}
                      disabled={rectify.isPending}
                      onClick={() => {
                        setRectifying(invoice.id);
                        rectify.mutate(invoice.id);
                      }}
                    >
                      {t('invoices.rectify')}
                      <span className="sr-only"> {invoice.fullNumber}</span>
                    </Button>
                  ) : null}
                  <a href={invoicePageUrl(invoice.id, language)} target="_blank" rel="noopener" aria-describedby={languageNote} className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }))}>
                    <FileText aria-hidden="true" />
                    {t('invoices.open')}
                    <span className="sr-only"> {invoice.fullNumber}</span>
                  </a>
                  <a href={invoicePdfUrl(invoice.id, language)} download aria-describedby={languageNote} className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }))}>
                    <Download aria-hidden="true" />
                    {t('invoices.pdf')}
                    <span className="sr-only"> {invoice.fullNumber}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
