// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessPayouts, PayoutAccount } from '@shared/contracts/payouts';
import type { Statement } from '@shared/contracts/statements';
import { changeLanguage } from '@web/lib/language';
import { formatDateTime } from '@shared/format';
import esPayouts from '@shared/locales/es/payouts.json';

const t = (_lang: 'es', key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], esPayouts) as string;

const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const account = (overrides: Partial<PayoutAccount>): PayoutAccount => ({
  status: 'active',
  provider: 'test',
  detailsSubmitted: true,
  payoutsEnabled: true,
  transfersActive: true,
  requirementsDue: [],
  requirementsEventuallyDue: [],
  requirementsDeadline: null,
  disabledReason: null,
  updatedAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

const statement: Statement = {
  month: '2026-10',
  businessId: 'b1',
  businessName: 'Horchatería Santa Catalina',
  from: '2026-09-30T22:00:00.000Z',
  to: '2026-10-31T23:00:00.000Z',
  openingBalance: 0,
  closingBalance: 0,
  closesAt: '2026-10-31T23:00:00.000Z',
  inProgress: false,
  totals: { gross: 2500, commission: 250, commissionVat: 53, share: 2197, refunded: 0, transferred: 2197, reversed: 0 },
  summary: {
    opening: 0,
    movements: { paidShare: 2197, refundedShare: 0, transferred: -2197, reversed: 0, invoiceVat: 0 },
    closing: 0,
    commission: { charged: 250, refunded: 0, net: 250 },
    commissionVat: { charged: 53, refunded: 0, adjusted: 0, net: 53 },
  },
  lines: [
    { at: '2026-10-02T10:00:00.000Z', kind: 'order_paid', orderId: 'o1', giftName: 'Horchata para dos', gross: 2500, commission: 250, commissionVat: 53, share: 2197, balanceChange: 2197, balance: 2197, providerRef: null },
    { at: '2026-10-03T10:00:00.000Z', kind: 'transfer_sent', orderId: 'o1', giftName: 'Horchata para dos', gross: 0, commission: 0, commissionVat: 0, share: 0, balanceChange: -2197, balance: 0, providerRef: 'tr_1' },
  ],
};

let payouts: BusinessPayouts;
const requests: { method: string; url: string }[] = [];

beforeEach(() => {
  requests.length = 0;
  localStorage.setItem('i18nextLng', 'es');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ method: init?.method ?? 'GET', url });
      const body =
        url === '/api/business/payouts'
          ? payouts
          : url === '/api/business/statements'
            ? { months: ['2026-11', '2026-10'] }
            : url.startsWith('/api/business/statements/')
              ? { ...statement, month: url.slice(-7) }
              : url === '/api/business/payout-account/onboarding'
                ? { url: '/business/payouts/test-onboarding' }
                : null;
      return new Response(JSON.stringify(body), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

async function renderTab() {
  await changeLanguage('es');
  const { PayoutsTab } = await import('./payouts-tab');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <PayoutsTab />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}

describe('payouts tab', () => {
  it('says in plain words that an unfinished account keeps the gifts off sale, with the one button to continue', async () => {
    payouts = {
      account: account({ status: 'restricted', transfersActive: false, requirementsDue: ['external_account', 'individual.id_number'], disabledReason: 'requirements.past_due' }),
      balances: { owed: 2197, inTransit: 0, paidOut: 0, commission: 250, commissionVat: 53 },
      transfers: [
        {
          id: 't1',
          orderId: 'o1',
          businessId: 'b1',
          giftName: 'Horchata para dos',
          recipientName: 'Marta',
          amount: 2197,
          state: 'failed',
          attempts: 2,
          nextAttemptAt: '2026-11-20T10:00:00.000Z',
          lastError: 'The account cannot receive transfers',
          providerTransferId: null,
          sentAt: null,
          reversedAt: null,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
    };
    await renderTab();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('Tu cuenta de cobros necesita atención'), { timeout: 5000 });
    expect(dom.container.textContent).toContain('Tus regalos no están a la venta');
    expect(dom.container.textContent).toContain('tu cuenta bancaria');
    expect(dom.container.textContent).toContain('tu número de DNI o NIE');
    // One button fixes it; it asks for the onboarding link and goes there.
    const button = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === 'Actualizar tus datos')!;
    await act(async () => button.click());
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/business/payouts/test-onboarding'));
    expect(requests).toContainEqual({ method: 'POST', url: '/api/business/payout-account/onboarding' });

    const transfer = dom.container.querySelector('[data-testid="transfer"]')!;
    expect(transfer.textContent).toContain('Fallida');
    expect(transfer.textContent).toContain('Motivo: The account cannot receive transfers');
    expect(transfer.textContent).toMatch(/21,97\s€/);
    expect(dom.container.textContent).toMatch(/Guardado para ti21,97\s€/);
  });

  it('names a gift given in person to nobody named without an empty "for"', async () => {
    const transfer = (id: string, recipientName: string) => ({
      id,
      orderId: `o-${id}`,
      businessId: 'b1',
      giftName: 'Horchata para dos',
      recipientName,
      amount: 900,
      state: 'sent' as const,
      attempts: 1,
      nextAttemptAt: null,
      lastError: null,
      providerTransferId: `tr_${id}`,
      sentAt: '2026-11-02T10:00:00.000Z',
      reversedAt: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    payouts = {
      account: account({}),
      balances: { owed: 0, inTransit: 1800, paidOut: 0, commission: 200, commissionVat: 42 },
      transfers: [transfer('t1', ''), transfer('t2', 'Marta')],
    };
    await renderTab();
    await vi.waitFor(() => expect(dom.container.querySelectorAll('[data-testid="transfer"]')).toHaveLength(2), { timeout: 5000 });
    const [unnamed, named] = dom.container.querySelectorAll('[data-testid="transfer"]');
    expect(unnamed!.textContent).toContain('Regalo entregado en persona, sin nombre');
    expect(unnamed!.textContent).not.toContain('Regalo para');
    expect(named!.textContent).toContain('Regalo para Marta');
  });

  it('an account that still works but has details due says which, by when (Madrid time), and what will be asked later, before the deadline passes', async () => {
    payouts = {
      account: account({ requirementsDue: ['individual.id_number'], requirementsEventuallyDue: ['individual.verification.document'], requirementsDeadline: '2026-12-20T22:59:00.000Z' }),
      balances: { owed: 0, inTransit: 0, paidOut: 0, commission: 0, commissionVat: 0 },
      transfers: [],
    };
    await renderTab();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('Tu cuenta de cobros está lista'), { timeout: 5000 });
    const text = dom.container.textContent!;
    expect(text).toContain('El proveedor de pagos aún necesita:');
    expect(text).toContain('tu número de DNI o NIE');
    // 22:59 UTC on 20 December is 23:59 in Madrid, written the Spanish way (ADR 058).
    expect(text).toContain(`Entrégalos antes del ${formatDateTime('2026-12-20T22:59:00.000Z', 'es')} (hora de Madrid)`);
    expect(formatDateTime('2026-12-20T22:59:00.000Z', 'es')).toBe('20 dic 2026, 23:59');
    expect(text).toContain('Más adelante también te pedirá:');
    expect(text).toContain(t('es', 'account.requirements.individual_verification_document'));
    expect([...dom.container.querySelectorAll('button')].some((b) => b.textContent === 'Actualizar tus datos')).toBe(true);
  });

  it("shows the newest month's statement, the CSV link in the interface's language and a print button", async () => {
    payouts = { account: account({}), balances: { owed: 0, inTransit: 2197, paidOut: 0, commission: 250, commissionVat: 53 }, transfers: [] };
    await renderTab();
    await vi.waitFor(() => expect(dom.container.querySelector('table')).not.toBeNull(), { timeout: 5000 });
    expect(dom.container.textContent).toContain('Tu cuenta de cobros está lista');
    expect([...dom.container.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Conectar cobros');
    const select = dom.container.querySelector('select')!;
    expect(select.value).toBe('2026-11');
    expect(dom.container.querySelector<HTMLAnchorElement>('a[download]')!.getAttribute('href')).toBe('/api/business/statements/2026-11/csv?lang=es');
    const rows = [...dom.container.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows[1]).toMatch(/Pedido pagado.*Horchata para dos.*25,00\s€.*2,50\s€.*0,53\s€.*21,97\s€/);
    expect(rows[2]).toMatch(/Transferencia enviada.*-21,97\s€/);
    expect(dom.container.querySelector('.statement-print')).not.toBeNull();
  });
});
