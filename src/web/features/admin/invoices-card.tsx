import { Download, FileText } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import type { InvoiceSummary } from '@shared/contracts/invoices';
import { madridMonthOf } from '@shared/domain/statement-month';
import { formatDate, formatPrice, formatQuarter } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { controlClasses } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { apiErrorMessage } from '@web/lib/api-error';
import {
  adminInvoicePageUrl,
  adminInvoicePdfUrl,
  dac7CsvUrl,
  invoiceBookCsvUrl,
  useAdminInvoices,
  useMissingInvoicingData,
  VERIFACTU_RECORDS_URL,
} from './invoices-api';
import { VerifactuRecordsCard } from './verifactu-records-card';

/** The last eight quarters, newest first, as `YYYY-Qn`. */
function recentQuarters(now: Date): string[] {
  const [year, month] = madridMonthOf(now).split('-').map(Number) as [number, number];
  const index = year * 4 + Math.floor((month - 1) / 3);
  return Array.from({ length: 8 }, (_, i) => `${Math.floor((index - i) / 4)}-Q${((index - i) % 4) + 1}`);
}

/** Commission invoices for the platform team (ADR 061): who cannot be invoiced, what was issued, the exports. */
export function InvoicesCard() {
  const { t } = useText('admin-money');
  return (
    <section aria-labelledby="admin-invoices-title" className="flex flex-col gap-4 print:hidden">
      <h2 id="admin-invoices-title" className="font-display text-2xl font-semibold">
        {t('invoices.title')}
      </h2>
      <MissingData />
      <Exports />
      {/* Its own texts and code, after the tab's first paint (ADR 100). */}
      <Suspense fallback={null}>
        <Dac7MissingCard />
      </Suspense>
      <IssuedInvoices />
      <VerifactuRecordsCard />
    </section>
  );
}

function MissingData() {
  const { t } = useText('admin-money');
  const { t: ta } = useText('admin');
  const query = useMissingInvoicingData();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('invoices.missing.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {!query.data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={ta('retry')} loadingLabel={ta('loading')} />
        ) : query.data.businesses.length === 0 ? (
          <p className="text-muted">{t('invoices.missing.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" data-testid="invoicing-data-missing">
            {query.data.businesses.map((b) => (
              <li key={b.id} className="py-2">
                <p className="font-semibold">{b.name}</p>
                <p className="text-sm">{t('invoices.missing.lacks', { fields: b.missing.map((f) => t(`invoices.missing.fields.${f}`)).join(', ') })}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Exports() {
  const { t, language } = useText('admin-money');
  const quarterId = useId();
  const yearId = useId();
  const now = new Date();
  const quarters = recentQuarters(now);
  const currentYear = Number(madridMonthOf(now).slice(0, 4));
  const [quarter, setQuarter] = useState(quarters[0]!);
  const [year, setYear] = useState(currentYear);
  // The links' words wrap on a phone: kept on one line, the longest (Valencian) pushed the page
  // 9 px wider than a 390 px screen.
  const link = cn(buttonVariants({ variant: 'secondary' }), 'h-auto min-h-11 w-fit max-w-full whitespace-normal text-left');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('invoices.exports.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={quarterId}>{t('invoices.exports.quarter')}</Label>
          <select id={quarterId} value={quarter} onChange={(e) => setQuarter(e.target.value)} className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')}>
            {quarters.map((q) => (
              <option key={q} value={q}>
                {formatQuarter(q, language)}
              </option>
            ))}
          </select>
          <a href={invoiceBookCsvUrl(quarter, language)} download className={link}>
            <Download aria-hidden="true" />
            {t('invoices.exports.book')}
          </a>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={yearId}>{t('invoices.exports.year')}</Label>
          <select id={yearId} value={year} onChange={(e) => setYear(Number(e.target.value))} className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')}>
            {[currentYear, currentYear - 1, currentYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <a href={dac7CsvUrl(year, language)} download className={link}>
            <Download aria-hidden="true" />
            {t('invoices.exports.dac7')}
          </a>
        </div>
        <div className="flex min-w-0 flex-col justify-end gap-1.5">
          <a href={VERIFACTU_RECORDS_URL} download="verifactu-records.json" className={link}>
            <Download aria-hidden="true" />
            {t('invoices.exports.records')}
          </a>
        </div>
      </CardContent>
    </Card>
  );
}

function IssuedInvoices() {
  const { t, language } = useText('admin-money');
  const { t: ta } = useText('admin');
  const query = useAdminInvoices();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('invoices.recent.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {!query.data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={ta('retry')} loadingLabel={ta('loading')} />
        ) : query.data.invoices.length === 0 ? (
          <p className="text-muted">{t('invoices.recent.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" data-testid="admin-invoices">
            {query.data.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-col gap-1 py-3">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold tabular-nums">{invoice.fullNumber}</span>
                  <Badge variant="neutral">{t(`invoices.types.${invoice.type}`)}</Badge>
                  {invoice.submissionState ? <Badge variant={invoice.submissionState === 'rejected' ? 'destructive' : invoice.submissionState === 'accepted' ? 'success' : 'neutral'}>{t(`invoices.states.${invoice.submissionState}`)}</Badge> : null}
                </p>
                <p className="text-sm">
                  {invoice.businessName} · {formatDate(`${invoice.issueDate}T12:00:00Z`, language)} · {formatPrice(invoice.totalCents)}
                  {invoice.correctsFullNumber ? ` · ${t('invoices.recent.corrects', { number: invoice.correctsFullNumber })}` : ''}
                </p>
                <p className="flex flex-wrap gap-2">
                  <a
                    href={adminInvoicePageUrl(invoice.id, language)}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('invoices.recent.openFor', { number: invoice.fullNumber })}
                    className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                  >
                    <FileText aria-hidden="true" />
                    {t('invoices.recent.open')}
                  </a>
                  <a href={adminInvoicePdfUrl(invoice.id, language)} download aria-label={t('invoices.recent.pdfFor', { number: invoice.fullNumber })} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                    <Download aria-hidden="true" />
                    {t('invoices.recent.pdf')}
                  </a>
                </p>
                {invoice.cancelledAt ? (
                  <p className="text-sm text-muted">{t('invoices.recent.cancelled', { date: formatDate(invoice.cancelledAt, language) })}</p>
                ) : (
                  <CancelInvoice invoice={invoice} />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const Dac7MissingCard = lazy(() => import('./dac7-missing-card').then((m) => ({ default: m.Dac7MissingCard })));

// The form, with react-hook-form, loads when "Cancel invoice" is first opened: the payouts
// tab lists invoices on its first render and its first load carries no form code.
const CancelInvoiceForm = lazy(() => import('./cancel-invoice-form').then((m) => ({ default: m.CancelInvoiceForm })));

function CancelInvoice({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useText('admin-money');
  const { t: ta } = useText('admin');
  const [isOpened, setOpened] = useState(false);
  return (
    <details className="text-sm" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer font-semibold text-brand-700">{t('invoices.recent.cancel')}</summary>
      {isOpened ? (
        <Suspense fallback={<p className="mt-2 text-muted">{ta('loading')}</p>}>
          <CancelInvoiceForm invoice={invoice} />
        </Suspense>
      ) : null}
    </details>
  );
}
