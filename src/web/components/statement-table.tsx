import type { Statement } from '@shared/contracts/statements';
import { formatDate, formatPrice } from '@shared/format';
import { useText } from '@web/lib/text';

/**
 * A month's statement as a table (the owner's Payouts tab and the admin's statements): the
 * opening balance, one row per line, the closing balance and the month's totals. Texts come
 * from the `payouts` catalogue; amounts and dates the Spanish way, as everywhere.
 */
export function StatementTable({ statement }: { statement: Statement }) {
  const { t, language } = useText('payouts');
  const lastDay = new Date(new Date(statement.to).getTime() - 1);
  const isTransfer = (kind: string) => kind === 'transfer_sent' || kind === 'transfer_reversed';
  const money = (cents: number) => <span className="whitespace-nowrap tabular-nums">{formatPrice(cents)}</span>;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-2 sm:grid-cols-3">
        {(
          [
            ['opening', statement.openingBalance],
            ['paidShare', statement.totals.share],
            ['transferred', statement.totals.transferred],
            ['commission', statement.totals.commission],
            ['commissionVat', statement.totals.commissionVat],
            ['closing', statement.closingBalance],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-xl border border-line bg-white p-3">
            <dt className="text-sm text-muted">{t(`statement.summary.${key}`)}</dt>
            <dd className="text-lg font-semibold">{money(value)}</dd>
          </div>
        ))}
      </dl>
      {/* A phone scrolls the table sideways: the region takes keyboard focus so it can too. */}
      <div className="overflow-x-auto" role="region" tabIndex={0} aria-label={t('statement.caption', { month: statement.month })}>
        <table className="w-full min-w-[44rem] border-collapse text-sm">
          <caption className="sr-only">{t('statement.caption', { month: statement.month })}</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="p-2">{t('csv.headers.date')}</th>
              <th scope="col" className="p-2">{t('csv.headers.concept')}</th>
              <th scope="col" className="p-2">{t('csv.headers.gift')}</th>
              <th scope="col" className="p-2 text-right">{t('csv.headers.gross')}</th>
              <th scope="col" className="p-2 text-right">{t('csv.headers.commission')}</th>
              <th scope="col" className="p-2 text-right">{t('csv.headers.commissionVat')}</th>
              <th scope="col" className="p-2 text-right">{t('csv.headers.share')}</th>
              <th scope="col" className="p-2 text-right">{t('csv.headers.balance')}</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-line">
              <td className="p-2">{formatDate(statement.from, language)}</td>
              <th scope="row" colSpan={6} className="p-2 text-left font-semibold">{t('csv.opening')}</th>
              <td className="p-2 text-right">{money(statement.openingBalance)}</td>
            </tr>
            {statement.lines.map((line) => (
              <tr key={`${line.kind}-${line.orderId}-${line.at}`} className="border-b border-line align-top">
                <td className="p-2 whitespace-nowrap">{formatDate(line.at, language)}</td>
                <td className="p-2">{t(`lineKinds.${line.kind}`)}</td>
                <td className="p-2 break-words">{line.giftName}</td>
                {isTransfer(line.kind) ? (
                  <td colSpan={4} className="p-2 text-right">{money(line.balanceChange)}</td>
                ) : (
                  <>
                    <td className="p-2 text-right">{money(line.gross)}</td>
                    <td className="p-2 text-right">{money(line.commission)}</td>
                    <td className="p-2 text-right">{money(line.commissionVat)}</td>
                    <td className="p-2 text-right">{money(line.share)}</td>
                  </>
                )}
                <td className="p-2 text-right">{money(line.balance)}</td>
              </tr>
            ))}
            <tr>
              <td className="p-2">{formatDate(lastDay, language)}</td>
              <th scope="row" colSpan={6} className="p-2 text-left font-semibold">{t('csv.closing')}</th>
              <td className="p-2 text-right font-semibold">{money(statement.closingBalance)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {statement.lines.length === 0 ? <p className="text-muted">{t('statement.empty')}</p> : null}
    </div>
  );
}
