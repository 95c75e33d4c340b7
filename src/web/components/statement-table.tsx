import type { Statement } from '@shared/contracts/statements';
import { statementClosingDay, statementMovementKinds } from '@shared/domain/statement-summary';
import { formatDate, formatPrice } from '@shared/format';
import { useText } from '@web/lib/text';

/**
 * A month's statement as a table (the owner's Payouts tab and the admin's statements): the
 * summary (shared/domain/statement-summary.ts: opening, each movement, closing; then the
 * commission), the opening balance, one row per line and the closing balance. Texts come
 * from the `payouts` catalogue; amounts and dates the Spanish way, as everywhere.
 */
export function StatementTable({ statement }: { statement: Statement }) {
  const { t, language } = useText('payouts');
  const closingDay = statementClosingDay(statement);
  const closingLabel = statement.inProgress ? t('statement.summary.closingToDate', { date: formatDate(closingDay, language) }) : t('statement.summary.closing');
  const isTransfer = (kind: string) => kind === 'transfer_sent' || kind === 'transfer_reversed';
  const money = (cents: number) => <span className="whitespace-nowrap tabular-nums">{formatPrice(cents)}</span>;
  const { summary } = statement;
  // Opening + each movement = closing, in that order, so the cards add up as they are read.
  const balanceCards: [string, string, number][] = [
    ['opening', t('statement.summary.opening'), summary.opening],
    ...statementMovementKinds.map((kind): [string, string, number] => [kind, t(`statement.summary.${kind}`), summary.movements[kind]]),
    ['closing', closingLabel, summary.closing],
  ];
  const commissionCards: [string, number][] = [
    ['commissionCharged', summary.commission.charged],
    ['commissionRefunded', summary.commission.refunded],
    ['commissionNet', summary.commission.net],
    ['commissionVatNet', summary.commissionVat.net],
  ];
  return (
    <div className="flex flex-col gap-4">
      <section aria-label={t('statement.summary.movements')}>
        <dl className="grid gap-2 sm:grid-cols-3" data-testid="statement-balance">
          {balanceCards.map(([key, label, value]) => (
            <div key={key} className="rounded-xl border border-line bg-white p-3" data-summary={key}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-lg font-semibold">{money(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label={t('statement.summary.commissionTitle')}>
        <dl className="grid gap-2 sm:grid-cols-4" data-testid="statement-commission">
          {commissionCards.map(([key, value]) => (
            <div key={key} className="rounded-xl border border-line bg-white p-3" data-summary={key}>
              <dt className="text-sm text-muted">{t(`statement.summary.${key}`)}</dt>
              <dd className="text-lg font-semibold">{money(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-muted">{t('statement.summary.commissionNote')}</p>
      </section>
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
              <td className="p-2">{formatDate(closingDay, language)}</td>
              <th scope="row" colSpan={6} className="p-2 text-left font-semibold">{t(statement.inProgress ? 'csv.closingToDate' : 'csv.closing')}</th>
              <td className="p-2 text-right font-semibold">{money(statement.closingBalance)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {statement.lines.length === 0 ? <p className="text-muted">{t('statement.empty')}</p> : null}
    </div>
  );
}
