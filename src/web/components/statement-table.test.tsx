// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Statement, StatementLine } from '@shared/contracts/statements';
import { summarizeStatement } from '@shared/domain/statement-summary';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const paid = { gross: 2500, commission: 250, commissionVat: 53, share: 2197 };
const refund = { gross: -2500, commission: -250, commissionVat: -53, share: -2197 };
const none = { gross: 0, commission: 0, commissionVat: 0, share: 0 };
const line = (at: string, kind: StatementLine['kind'], amounts: typeof paid, balanceChange: number, balance: number): StatementLine => ({
  at,
  kind,
  orderId: `o-${at}`,
  giftName: 'Paella para dos',
  ...amounts,
  balanceChange,
  balance,
  providerRef: kind.startsWith('transfer') ? 'tr_1' : null,
});

/** La Palmera's December: payments, a refund, two transfers and a reversal on a 43,94 € opening. */
function laPalmera(overrides: Partial<Statement> = {}): Statement {
  const lines = [
    line('2026-12-02T10:00:00.000Z', 'order_paid', paid, 2197, 6591),
    line('2026-12-04T10:00:00.000Z', 'order_paid', paid, 2197, 8788),
    line('2026-12-05T10:00:00.000Z', 'transfer_sent', none, -2197, 6591),
    line('2026-12-05T10:00:01.000Z', 'transfer_sent', none, -2197, 4394),
    line('2026-12-08T10:00:00.000Z', 'order_withdrawn', refund, -2197, 2197),
    line('2026-12-12T09:59:00.000Z', 'transfer_reversed', none, 2197, 4394),
    line('2026-12-12T10:00:00.000Z', 'order_cancelled', refund, -2197, 2197),
  ];
  return {
    month: '2026-12',
    businessId: 'b1',
    businessName: 'La Palmera',
    from: '2026-11-30T23:00:00.000Z',
    to: '2026-12-31T23:00:00.000Z',
    openingBalance: 4394,
    closingBalance: 2197,
    closesAt: '2026-12-31T23:00:00.000Z',
    inProgress: false,
    totals: { gross: 5000, commission: 500, commissionVat: 106, share: 4394, refunded: 4394, transferred: 4394, reversed: 2197 },
    summary: summarizeStatement(4394, lines),
    lines,
    ...overrides,
  };
}

async function render(statement: Statement) {
  await changeLanguage('es');
  const { StatementTable } = await import('./statement-table');
  await act(async () =>
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <StatementTable statement={statement} />
      </Suspense>,
    ),
  );
  // The catalogue loads on first use: wait for the cards rather than for a fixed time.
  await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="statement-balance"] dt')?.textContent).toBe('Saldo inicial'), { timeout: 5000 });
}

const cents = (text: string) => Math.round(Number(text.replace(/[\s\u00a0\u202f€.]/g, '').replace(',', '.')) * 100);
const cards = (testId: string) =>
  [...dom.container.querySelectorAll(`[data-testid="${testId}"] > div`)].map((card) => ({
    key: card.getAttribute('data-summary'),
    label: card.querySelector('dt')!.textContent,
    cents: cents(card.querySelector('dd')!.textContent!),
  }));

describe('statement summary cards (the Payouts tab and its printed page)', () => {
  it('list opening, each movement kind (refunds and reversals on their own) and a closing that is their sum', async () => {
    await render(laPalmera());
    const balance = cards('statement-balance');
    expect(balance).toEqual([
      { key: 'opening', label: 'Saldo inicial', cents: 4394 },
      { key: 'paidShare', label: 'Tu parte de los regalos pagados', cents: 4394 },
      { key: 'refundedShare', label: 'Tu parte de los reembolsos a compradores', cents: -4394 },
      { key: 'transferred', label: 'Transferido a tu cuenta de cobros', cents: -4394 },
      { key: 'reversed', label: 'Transferencias revertidas (vuelven a Regalo)', cents: 2197 },
      { key: 'invoiceVat', label: 'Ajustes de IVA de las facturas de Regalo', cents: 0 },
      { key: 'closing', label: 'Saldo final', cents: 2197 },
    ]);
    // Read top to bottom, the cards add up to the closing card, which is the table's last balance.
    expect(balance.slice(0, -1).reduce((s, c) => s + c.cents, 0)).toBe(balance.at(-1)!.cents);
    const rows = [...dom.container.querySelectorAll('tbody tr')];
    expect(cents(rows.at(-1)!.querySelector('td:last-child')!.textContent!)).toBe(balance.at(-1)!.cents);
    expect(rows.at(-1)!.textContent).toContain('31 dic 2026');
  });

  it('labels the commission figures as what they are: before refunds, given back, after refunds', async () => {
    await render(laPalmera());
    expect(cards('statement-commission')).toEqual([
      { key: 'commissionCharged', label: 'Comisión de Regalo por los regalos pagados (antes de reembolsos)', cents: 500 },
      { key: 'commissionRefunded', label: 'Comisión devuelta con los reembolsos', cents: -500 },
      { key: 'commissionNet', label: 'Comisión de Regalo después de reembolsos', cents: 0 },
      { key: 'commissionVatNet', label: 'IVA de la comisión después de reembolsos', cents: 0 },
    ]);
  });

  it('writes a month with no transfer as 0,00 €, never -0,00 €', async () => {
    const lines = [line('2026-12-02T10:00:00.000Z', 'order_paid', paid, 2197, 2197)];
    await render(laPalmera({ openingBalance: 0, closingBalance: 2197, lines, summary: summarizeStatement(0, lines) }));
    expect(dom.container.textContent).not.toMatch(/-0,00/);
    expect(cards('statement-balance').find((c) => c.key === 'transferred')).toEqual({ key: 'transferred', label: 'Transferido a tu cuenta de cobros', cents: 0 });
  });

  it('closes a month still running "to date", dated today rather than on its last day', async () => {
    await render(laPalmera({ inProgress: true, closesAt: '2026-12-15T10:00:00.000Z' }));
    expect(cards('statement-balance').at(-1)).toMatchObject({ key: 'closing', label: 'Saldo a fecha de hoy (15 dic 2026)' });
    const last = [...dom.container.querySelectorAll('tbody tr')].at(-1)!;
    expect(last.textContent).toContain('15 dic 2026');
    expect(last.textContent).toContain('Saldo a fecha de hoy');
    expect(last.textContent).not.toContain('31 dic 2026');
  });
});

describe('statement lines on a phone and lines kept for the record', () => {
  it('stacks every line on a phone with each amount named, and keeps the wide table for larger screens', async () => {
    await render(laPalmera());
    const stacked = dom.container.querySelector('[data-testid="statement-stacked"]')!;
    expect(stacked.className).toContain('sm:hidden');
    expect(dom.container.querySelector('[data-testid="statement-table"]')!.className.split(' ')).toEqual(
      expect.arrayContaining(['hidden', 'sm:block']),
    );
    const lines = [...stacked.querySelectorAll('[data-testid="stacked-line"]')];
    expect(lines).toHaveLength(7);
    const named = (card: Element) =>
      Object.fromEntries([...card.querySelectorAll('dt')].map((dt) => [dt.textContent, cents(dt.nextElementSibling!.textContent!)]));
    expect(named(lines[0]!)).toEqual({ 'Importe bruto': 2500, Comisión: 250, 'IVA de la comisión': 53, 'Tu parte': 2197, Saldo: 6591 });
    expect(named(lines[2]!)).toEqual({ 'Movimiento del saldo': -2197, Saldo: 6591 });
    const balances = [...stacked.querySelectorAll('[data-testid="stacked-balance"]')].map((b) => b.textContent);
    expect(balances).toEqual(['Saldo inicial 1 dic 2026' + '43,94\u00a0€', 'Saldo final 31 dic 2026' + '21,97\u00a0€']);
  });

  it("says why an expired or redeemed order's line leaves the balance as it was", async () => {
    const lines = [
      line('2026-12-02T10:00:00.000Z', 'order_paid', paid, 2197, 2197),
      line('2026-12-20T10:00:00.000Z', 'order_expired', paid, 0, 2197),
      line('2026-12-21T10:00:00.000Z', 'order_redeemed', paid, 0, 2197),
    ];
    await render(laPalmera({ openingBalance: 0, closingBalance: 2197, lines, summary: summarizeStatement(0, lines) }));
    const rows = [...dom.container.querySelectorAll('tbody tr')].slice(1, 4);
    expect(rows.map((row) => row.querySelector('[data-testid="line-note"]')?.textContent ?? null)).toEqual([
      null,
      'Caducó sin usarse. Para que conste: tu parte se contó cuando se pagó el regalo y sigue siendo tuya, así que el saldo no cambia.',
      'Para que conste: tu parte se contó cuando se pagó el regalo, así que el saldo no cambia.',
    ]);
    const stacked = [...dom.container.querySelectorAll('[data-testid="stacked-line"]')];
    expect(stacked[1]!.querySelector('[data-testid="line-note"]')?.textContent).toContain('Caducó sin usarse');
  });

  it('names the month in the table caption rather than writing 2026-12', async () => {
    await render(laPalmera());
    expect(dom.container.querySelector('caption')?.textContent).not.toContain('2026-12');
    expect(dom.container.querySelector('caption')?.textContent).toContain('diciembre de 2026');
  });
});
