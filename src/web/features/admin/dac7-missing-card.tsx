import { useId, useState } from 'react';
import { madridMonthOf } from '@shared/domain/statement-month';
import { formatDate } from '@shared/format';
import { QueryFallback } from '@web/components/query-fallback';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { controlClasses } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { apiErrorMessage } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { useDac7MissingSellers } from './invoices-api';

/**
 * The year whose report the team is chasing: in January, last year's (due on the 31st);
 * from February, this year's, so the details are asked for while the sales come in.
 */
export function dac7YearFor(now: Date): number {
  const [year, month] = madridMonthOf(now).split('-').map(Number) as [number, number];
  return month === 1 ? year - 1 : year;
}

/**
 * The sellers whose DAC7 report still lacks a detail (ADR 100): each business with sales in
 * the year and the names of what it misses, with the day the report is due, so the team asks
 * them before 31 January. The owner completes them in the profile tab.
 */
export function Dac7MissingCard() {
  const { t, language } = useText('seller-details');
  const { t: admin } = useText('admin');
  const yearId = useId();
  const initial = dac7YearFor(new Date());
  const [year, setYear] = useState(initial);
  const query = useDac7MissingSellers(year);
  return (
    <Card data-testid="dac7-missing">
      <CardHeader>
        <CardTitle as="h3">{t('admin.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex max-w-48 flex-col gap-1.5">
          <Label htmlFor={yearId}>{t('admin.year')}</Label>
          <select id={yearId} value={year} onChange={(e) => setYear(Number(e.target.value))} className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')}>
            {[initial + 1, initial, initial - 1, initial - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {!query.data ? (
          <QueryFallback error={query.isError ? apiErrorMessage(query.error, 'admin') : null} onRetry={() => void query.refetch()} retryLabel={admin('retry')} loadingLabel={admin('loading')} />
        ) : (
          <>
            <p className="text-sm">{t('admin.lead', { year: String(query.data.year), date: formatDate(`${query.data.dueDate}T12:00:00Z`, language) })}</p>
            {query.data.businesses.length === 0 ? (
              <p className="text-muted">{t('admin.empty', { year: String(query.data.year) })}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-line">
                {query.data.businesses.map((b) => (
                  <li key={b.id} className="py-2">
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      {b.name}
                      <Badge variant="neutral">{t(`admin.types.${b.businessType === 'individual' ? 'individual' : 'entity'}`)}</Badge>
                    </p>
                    <p className="text-sm">{t('admin.lacks', { fields: b.missing.map((f) => t(`fields.${f}`)).join(', ') })}</p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
