// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@shared/contracts/admin';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();

const order = (id: string, overrides: Partial<AdminOrder>): AdminOrder => ({
  id,
  codeSuffix: `CODE${id.toUpperCase()}`,
  status: 'paid',
  businessId: 'b1',
  businessName: 'Bar Pepe',
  giftName: 'Paella para dos',
  buyerEmail: 'giver@example.test',
  recipientName: 'Lucía',
  recipientEmail: 'lucia@example.test',
  totalAmount: 4500,
  commissionRate: 10,
  commissionAmount: 450,
  commissionVatAmount: 0,
  transferState: null,
  netAmount: 4050,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  redeemedAt: null,
  cancelledAt: null,
  cancelReason: null,
  expiresAt: '2027-11-20T22:59:59.999Z',
  valueKind: 'fixed',
  ...overrides,
});

let calls: { url: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
      const contentType = answer.status >= 400 ? 'application/problem+json' : 'application/json';
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': contentType } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderTable(orders: AdminOrder[]) {
  const { OrderTable } = await import('./order-table');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    dom.render(
      <Suspense fallback={<p>…</p>}>
        <QueryClientProvider client={client}>
          <OrderTable orders={orders} />
        </QueryClientProvider>
      </Suspense>,
    );
  });
}
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
async function typeReason(value: string) {
  const textarea = document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, value);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** Its code loads on the first click (order-action-dialogs.tsx). */
async function openDialog(name: string) {
  await act(async () => buttonNamed(name)!.click());
  await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 5000 });
  return document.querySelector('[role="dialog"]')!;
}
const submitDialog = () => act(async () => document.querySelector<HTMLFormElement>('[role="dialog"] form')!.requestSubmit());

describe('admin order list: money', () => {
  it("shows each order's commission VAT, the business's share and its transfer's state", async () => {
    await changeLanguage('es');
    await renderTable([order('a', { commissionVatAmount: 95, netAmount: 3955, transferState: 'failed' }), order('b', { status: 'unpaid', paidAt: null, commissionAmount: null, commissionVatAmount: null, netAmount: null })]);
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="order-money"]')).toHaveLength(1), { timeout: 5000 });
    expect(document.querySelector('[data-testid="order-money"]')!.textContent).toMatch(/^IVA 0,95\s€ · parte del negocio 39,55\s€ · transferencia: fallida$/);
  });
});

describe('admin order list: a gift given in person to nobody named', () => {
  it('says so in each language instead of an empty "for"', async () => {
    for (const [lang, label, named] of [['en', 'Given in person, no name', 'For Lucía'], ['es', 'Se entrega en persona, sin nombre', 'Para Lucía'], ['va', 'Es dona en persona, sense nom', 'Per a Lucía']] as const) {
      await changeLanguage(lang);
      await renderTable([order('a', { recipientName: '', recipientEmail: null }), order('b', {})]);
      await vi.waitFor(() => expect(document.body.textContent).toContain(label), { timeout: 5000 });
      expect(document.body.textContent).toContain(named);
    }
  });
});

describe('admin order list: a refund still pending', () => {
  it('names the state in each language and offers no action on it', async () => {
    for (const [lang, label] of [['en', 'Refund pending'], ['es', 'Reembolso pendiente'], ['va', 'Reemborsament pendent']] as const) {
      await changeLanguage(lang);
      await renderTable([order('a', { status: 'refund_pending', transferState: 'reversed', cancelledAt: '2026-11-23T04:00:00.000Z', cancelReason: 'Cierre' })]);
      await vi.waitFor(() => expect(document.body.textContent).toContain(label), { timeout: 5000 });
    }
    // Being refunded: neither cancelled again nor extended (the server refuses both too).
    expect(buttonNamed('Cancel and refund…CODEA')).toBeNull();
    await changeLanguage('en');
    await renderTable([order('a', { status: 'refund_pending' }), order('b', {})]);
    await vi.waitFor(() => expect(buttonNamed('Cancel and refund…CODEB')).not.toBeNull(), { timeout: 5000 });
    expect(buttonNamed('Cancel and refund…CODEA')).toBeNull();
    expect(buttonNamed('Extend expiry…CODEA')).toBeNull();
  });
});

describe('admin order actions: cancel and refund', () => {
  it('offers it only for orders not redeemed or cancelled, and requires a reason before calling the server', async () => {
    await changeLanguage('en');
    await renderTable([order('a', {}), order('b', { status: 'unpaid', paidAt: null }), order('c', { status: 'redeemed' }), order('d', { status: 'cancelled' })]);
    await vi.waitFor(() => expect(buttonNamed('Cancel and refund…CODEA')).not.toBeNull(), { timeout: 5000 });
    expect(buttonNamed('Cancel order…CODEB')).not.toBeNull();
    expect(buttonNamed('Cancel and refund…CODEC')).toBeNull();
    expect(buttonNamed('Cancel order…CODED')).toBeNull();
    expect(buttonNamed('Cancel and refund…CODED')).toBeNull();

    const dialog = await openDialog('Cancel and refund…CODEA');
    expect(dialog.textContent).toContain('goes back to the buyer');
    expect(dialog.textContent).toMatch(/45[.,]00/);
    await submitDialog();
    // The contract (and zod) load on the form's first use, so the check's answer comes a moment later.
    await vi.waitFor(() => expect(dialog.textContent).toContain('Fill this in.'));
    expect(calls).toEqual([]);

    answer = { status: 200, body: order('a', { status: 'cancelled', cancelledAt: '2026-11-23T04:00:00.000Z', cancelReason: 'Shop closed' }) };
    await typeReason('  Shop closed ');
    await submitDialog();
    await vi.waitFor(() => expect(calls).toEqual([{ url: '/api/admin/orders/a/cancel', body: { reason: 'Shop closed' } }]));
  });

  it('shows the provider failure in Spanish and keeps the dialog open', async () => {
    await changeLanguage('es');
    await renderTable([order('a', {})]);
    await vi.waitFor(() => expect(buttonNamed('Cancelar y reembolsar…CODEA')).not.toBeNull(), { timeout: 5000 });
    await openDialog('Cancelar y reembolsar…CODEA');
    answer = { status: 502, body: { type: 'about:blank', title: 'Bad Gateway', status: 502, code: 'refund_failed', detail: 'card_declined' } };
    await typeReason('Cierre del negocio');
    await submitDialog();
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"] [role="alert"]')?.textContent).toContain('El proveedor de pago ha rechazado el reembolso'));
    expect(calls).toHaveLength(1);
  });
});

describe('admin order actions: extend the expiry', () => {
  it('asks for the date and the reason before calling the server, then sends them as the contract reads them; the server\'s field answer shows on its field', async () => {
    await changeLanguage('en');
    await renderTable([order('a', {})]);
    await vi.waitFor(() => expect(buttonNamed('Extend expiry…CODEA')).not.toBeNull(), { timeout: 5000 });
    const dialog = await openDialog('Extend expiry…CODEA');
    await submitDialog();
    await vi.waitFor(() => expect(dialog.textContent).toContain('Enter a valid date.'));
    expect(dialog.textContent).toContain('Fill this in.');
    expect(calls).toEqual([]);

    const date = dialog.querySelector<HTMLInputElement>('input[type="date"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(date, '2027-12-31');
      date.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await typeReason(' Shop closed for works ');
    answer = { status: 400, body: { type: 'about:blank', title: 'x', status: 400, code: 'validation_failed', fields: { expiresOn: 'notLater' } } };
    await submitDialog();
    await vi.waitFor(() => expect(dialog.textContent).toContain('Choose a day after the current expiry, in the future.'));
    expect(dialog.textContent).not.toContain('Fill this in.');
    expect(calls).toEqual([{ url: '/api/admin/orders/a/extend-expiry', body: { expiresOn: '2027-12-31', reason: 'Shop closed for works' } }]);
  });
});

describe('admin order list: a gift card', () => {
  it('opens its balance and movements, and undoes a use with a reason (none sent without one)', async () => {
    const movements = {
      orderId: 'a',
      valueKind: 'card',
      balanceCents: 3160,
      movements: [
        { id: 'm1', kind: 'issued', amountCents: 5000, at: '2026-11-20T10:01:00.000Z', reversesMovementId: null, useId: null, undo: null },
        { id: 'm2', kind: 'redeemed', amountCents: 1840, at: '2026-11-21T10:00:00.000Z', reversesMovementId: null, useId: 'u2', undo: null },
        { id: 'm3', kind: 'redeemed', amountCents: 500, at: '2026-11-21T11:00:00.000Z', reversesMovementId: null, useId: 'u3', undo: null },
        { id: 'm4', kind: 'redemption_undone', amountCents: 500, at: '2026-11-21T11:05:00.000Z', reversesMovementId: 'm3', useId: null, undo: { reason: 'Typed twice', undoneAs: 'business' } },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
        const body = url.endsWith('/undo') ? { orderId: 'a', balanceCents: 5000 } : movements;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await changeLanguage('es');
    await renderTable([order('a', { valueKind: 'card', totalAmount: 5000 }), order('b', {})]);
    await vi.waitFor(() => expect(buttonNamed('Movimientos de la tarjeta…CODEA')).not.toBeNull(), { timeout: 5000 });
    // A fixed gift has no movements to show.
    expect(buttonNamed('Movimientos de la tarjeta…CODEB')).toBeNull();
    const dialog = await openDialog('Movimientos de la tarjeta…CODEA');
    await vi.waitFor(() => expect(dialog.querySelector('[data-testid="card-balance"]')?.textContent).toMatch(/^Saldo: 31,60\s€$/), { timeout: 5000 });
    expect(calls[0]!.url).toBe('/api/admin/orders/a/movements');
    const rows = [...dialog.querySelectorAll('[data-testid="card-movement"]')].map((row) => row.textContent);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Comprada');
    expect(rows[2]).toContain('Deshecho');
    expect(rows[3]).toContain('Deshecho por el negocio: Typed twice');
    // Only the use still standing can be undone.
    expect(buttonNamed('Deshacer este uso de 5,00 €')).toBeNull();
    const undo = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Deshacer este uso de 18,40'))!;
    await act(async () => undo.click());
    await submitDialog();
    expect(dialog.textContent).toContain('Rellena este campo.');
    expect(calls.filter((c) => c.url.endsWith('/undo'))).toEqual([]);
    await typeReason('  Reported by phone ');
    await submitDialog();
    await vi.waitFor(() => expect(calls.filter((c) => c.url.endsWith('/undo'))).toEqual([{ url: '/api/admin/card-uses/u2/undo', body: { reason: 'Reported by phone' } }]));
  });
});
