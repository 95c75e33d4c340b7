import type { ReactNode } from 'react';
import type { Statement, StatementLine } from '@shared/contracts/statements';
import { statementClosingDay, statementMovementKinds } from '@shared/domain/statement-summary';
import { formatDate, formatMonth, formatPrice } from '@shared/format';
import { useText } from '@web/lib/text';

/** Lines kept for the record: their amounts were counted when the gift was paid. */
const recordOnlyKinds: readonly StatementLine['kind'][] = ['order_redeemed', 'order_expired', 'card_used', 'card_use_undone', 'card_expired'];
const isTransfer = (kind: string) => kind === 'transfer_sent' || kind === 'transfer_reversed';
const money = (cents: number) => <span className="whitespace-nowrap tabular-nums">{formatPrice(cents)}</span>;

/**
 * A month's statement as a table (the owner's Payouts tab and the admin's statements): the
 * summary (shared/domain/statement-summary.ts: opening, each movement, closing; then the
 * commission), the opening balance, one row per line and the closing balance. Texts come
 * from the `payouts` catalogue; amounts and dates the Spanish way, as everywhere. A phone
 * shows the same lines stacked, each amount with its name, since eight columns do not fit.
 */
export function StatementTable({ statement }: { statement: Statement }) {
  const { t, language } = useText('payouts');
  const closingDay = statementClosingDay(statement);
  const closingLabel = statement.inProgress ? t('statement.summary.closingToDate', { date: formatDate(closingDay, language) }) : t('statement.summary.closing');
  const caption = t('statement.caption', { month: formatMonth(statement.month, language) });
  const closingRowLabel = t(statement.inProgress ? 'csv.closingToDate' : 'csv.closing');
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
      <StackedLines statement={statement} caption={caption} closingDay={closingDay} closingLabel={closingRowLabel} />
      {/* From a tablet up; a narrow window still scrolls it sideways, so the region takes keyboard focus. */}
      <div className="hidden overflow-x-auto sm:block" role="region" tabIndex={0} aria-label={caption} data-testid="statement-table">
        <table className="w-full min-w-[44rem] border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
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
                <td className="p-2">
                  {t(`lineKinds.${line.kind}`)}
                  {recordOnlyKinds.includes(line.kind) ? (
                    <p className="mt-1 text-xs text-muted" data-testid="line-note">
                      {t(`lineNotes.${line.kind}`)}
                    </p>
                  ) : null}
                </td>
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
              <th scope="row" colSpan={6} className="p-2 text-left font-semibold">{closingRowLabel}</th>
              <td className="p-2 text-right font-semibold">{money(statement.closingBalance)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {statement.lines.length === 0 ? <p className="text-muted">{t('statement.empty')}</p> : null}
      {statement.cardBalance !== undefined ? (
        <p className="font-semibold" data-testid="statement-card-balance">
          {t('statement.cardBalance', { amount: formatPrice(statement.cardBalance) })}
        </p>
      ) : null}
    </div>
  );
}

/** The lines for a phone: one card each, every amount named, the balance after it last. */
function StackedLines({ statement, caption, closingDay, closingLabel }: { statement: Statement; caption: string; closingDay: Date; closingLabel: string }) {
  const { t, language } = useText('payouts');
  return (
    <section aria-label={caption} className="sm:hidden" data-testid="statement-stacked">
      <ol className="flex flex-col gap-2">
        <StackedBalance date={formatDate(statement.from, language)} label={t('csv.opening')} amount={statement.openingBalance} />
        {statement.lines.map((line) => (
          <li key={`${line.kind}-${line.orderId}-${line.at}`} className="rounded-xl border border-line bg-white p-3 text-sm" data-testid="stacked-line">
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-semibold">{t(`lineKinds.${line.kind}`)}</span>
              <span className="text-muted">{formatDate(line.at, language)}</span>
            </p>
            <p className="break-words">{line.giftName}</p>
            {recordOnlyKinds.includes(line.kind) ? (
              <p className="mt-1 text-xs text-muted" data-testid="line-note">
                {t(`lineNotes.${line.kind}`)}
              </p>
            ) : null}
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
              {isTransfer(line.kind) ? (
                <Amount label={t('csv.headers.balanceChange')}>{money(line.balanceChange)}</Amount>
              ) : (
                <>
                  <Amount label={t('csv.headers.gross')}>{money(line.gross)}</Amount>
                  <Amount label={t('csv.headers.commission')}>{money(line.commission)}</Amount>
                  <Amount label={t('csv.headers.commissionVat')}>{money(line.commissionVat)}</Amount>
                  <Amount label={t('csv.headers.share')}>{money(line.share)}</Amount>
                </>
              )}
              <Amount label={t('csv.headers.balance')} strong>
                {money(line.balance)}
              </Amount>
            </dl>
          </li>
        ))}
        <StackedBalance date={formatDate(closingDay, language)} label={closingLabel} amount={statement.closingBalance} />
      </ol>
    </section>
  );
}

function StackedBalance({ date, label, amount }: { date: string; label: string; amount: number }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-xl bg-sand-100 p-3 text-sm" data-testid="stacked-balance">
      <span>
        <span className="font-semibold">{label}</span> <span className="text-muted">{date}</span>
      </span>
      <span className="font-semibold">{money(amount)}</span>
    </li>
  );
}

function Amount({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <>
      <dt className={strong ? 'font-semibold' : 'text-muted'}>{label}</dt>
      <dd className={strong ? 'text-right font-semibold' : 'text-right'}>{children}</dd>
    </>
  );
}
