// @vitest-environment happy-dom
import { act } from 'react';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { renderConsumerPage } from './render-consumer-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@web/components/ui/toast', async (original) => {
  const actual = await original<typeof import('@web/components/ui/toast')>();
  return { ...actual, toast: Object.assign(actual.toast, { error: toastError }) };
});

const dom = mountReactRootPerTest();
// The first render loads the page's chunks and catalogues: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 'o1',
  status: 'paid',
  giftName: 'Horchata for two',
  businessName: 'Orxateria La Palmera',
  recipientName: 'Carmen',
  recipientPhone: '612 345 678',
  recipientEmail: 'carmen@example.test',
  personalMessage: null,
  totalAmount: 950,
  currency: 'EUR',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2027-05-19T21:59:59.999Z',
  giftPagePath: '/g/abc',
  deliverAt: null,
  deliveryState: 'delivered',
  handover: 'send',
  deliveredAt: '2026-11-20T10:01:00.000Z',
  recipientLocale: 'es',
  senderName: 'Lucía',
  giftUrl: 'http://127.0.0.1:3000/g/abc',
  canChangeDelivery: false,
  canResend: true,
  checkoutId: 'ck1',
  withdrawal: { state: 'none', until: null, at: null },
  ...overrides,
});

let fetchMock: ReturnType<typeof vi.fn>;
let patchAnswer: Response;
let pendingPurchases: unknown[];
const pendingPurchase = {
  id: 'ck9',
  totalAmount: 6500,
  currency: 'EUR',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-20T09:30:00.000Z',
  paymentUrl: 'http://127.0.0.1:3000/checkout/ck9/pay',
  lines: [
    { giftName: 'Cata de tés', businessName: 'Tetería Russafa', recipientName: 'Lucía', totalAmount: 2500 },
    { giftName: 'Cena para dos', businessName: 'Tetería Russafa', recipientName: 'Joan', totalAmount: 4000 },
  ],
};

// The fixtures are dated around late November 2026 (a delivery still to come on 1 Dec, withdrawal
// periods open until 4 Dec): the page is read on 25 Nov, whatever today is. Only Date is faked.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z'));
  localStorage.setItem('i18nextLng', 'en');
  patchAnswer = json(200, order({ id: 'o2', deliveryState: 'scheduled', deliveredAt: null, deliverAt: '2026-12-24T09:00:00.000Z', canChangeDelivery: true }));
  pendingPurchases = [];
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/auth/get-session')) return json(200, null);
    if (url === '/api/my/orders') {
      return json(200, {
        items: [
          order(),
          order({ id: 'o2', recipientName: 'Pepe', recipientLocale: 'en', recipientPhone: null, deliveryState: 'scheduled', deliveredAt: null, deliverAt: '2026-12-01T09:00:00.000Z', canChangeDelivery: true, canResend: false, giftUrl: 'http://127.0.0.1:3000/g/def' }),
          order({ id: 'o3', recipientName: 'Rosa', deliveryState: 'sending', deliveredAt: null, canResend: false }),
          order({ id: 'o4', recipientName: 'Pau', deliveryState: 'failed', deliveredAt: null, canResend: true }),
          order({ id: 'o6', recipientName: 'Open', withdrawal: { state: 'open', until: '2026-12-04T22:59:59.999Z', at: null } }),
          order({ id: 'o7', recipientName: 'Used', status: 'redeemed', withdrawal: { state: 'redeemed', until: '2026-12-04T22:59:59.999Z', at: null } }),
          order({ id: 'o8', recipientName: 'Late', withdrawal: { state: 'ended', until: '2026-11-04T22:59:59.999Z', at: null } }),
          order({ id: 'o9', recipientName: 'Back', status: 'withdrawn', giftPagePath: null, withdrawal: { state: 'withdrawn', until: '2026-12-04T22:59:59.999Z', at: '2026-11-21T09:30:00.000Z' } }),
          // Given in person to nobody named (ADR 103): nothing sent, no contact.
          order({ id: 'o10', recipientName: '', recipientEmail: null, recipientPhone: null, handover: 'in_person', deliveryState: 'in_person', deliveredAt: null, giftPagePath: '/g/ip', giftUrl: 'http://127.0.0.1:3000/g/ip', canChangeDelivery: true, canResend: false }),
        ],
        nextCursor: 'page-2',
      });
    }
    if (url === '/api/my/orders?cursor=page-2') {
      return json(200, { items: [order({ id: 'o5', recipientName: 'Older', createdAt: '2026-01-01T10:00:00.000Z' })], nextCursor: null });
    }
    if (url === '/api/my/pending-purchases') return json(200, { items: pendingPurchases });
    if (url === '/api/my/pending-purchases/ck9/discard' && init?.method === 'POST') {
      pendingPurchases = [];
      return json(204, null);
    }
    if (url === '/api/my/orders/o1/resend' && init?.method === 'POST') return json(204, null);
    if (url === '/api/my/orders/o2/delivery' && init?.method === 'PATCH') return patchAnswer;
    return json(404, { type: 'about:blank', title: 'nf', status: 404, code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const text = () => document.body.textContent ?? '';
async function waitForText(value: string) {
  await vi.waitFor(() => expect(text()).toContain(value), { timeout: 3000 });
}
const cards = () => [...document.querySelectorAll<HTMLElement>('[data-testid="my-order"]')];
const inCard = (card: HTMLElement, name: string) =>
  [...card.querySelectorAll<HTMLElement>('button, a')].find((el) => (el.getAttribute('aria-label') ?? el.textContent)?.startsWith(name));

async function renderOrders() {
  await renderConsumerPage(dom.root, '/app?tab=orders');
  await waitForText('Horchata for two');
}

describe('my orders', () => {
  it('offers a gift given in person its page, its two cards and "Send it now", and nothing that shares it', async () => {
    await renderOrders();
    const card = cards().find((c) => c.textContent?.includes('To give in person'))!;
    expect(card.querySelector('[data-testid="delivery-state"]')?.textContent).toBe('You give it in person: nothing has been sent');
    const links = [...card.querySelectorAll<HTMLAnchorElement>('[data-testid="gift-page-links"] a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Open the gift page', '/g/ip'],
      ['Print the card (A6)', '/g/ip/print'],
      ['Print the card (folded A4)', '/g/ip/print/folded'],
    ]);
    expect(inCard(card, 'Send Horchata for two now')).toBeTruthy();
    expect(inCard(card, 'Copy the gift link')).toBeUndefined();
    expect(inCard(card, 'Share on WhatsApp')).toBeUndefined();
  });

  it('shows the delivery state and offers the actions each state allows', async () => {
    await renderOrders();
    const [delivered, scheduled, sending, failed] = cards();
    const state = (card: HTMLElement) => card.querySelector('[data-testid="delivery-state"]')?.textContent;
    expect(state(delivered!)).toBe('Delivered 20 Nov 2026, 11:01');
    expect(state(scheduled!)).toBe('Will be delivered 1 Dec 2026, 10:00');
    // Queued but not yet taken by the mail server (an outage): not "delivered", no resend.
    expect(state(sending!)).toBe('Sending: waiting for the mail server to accept the email');
    expect(inCard(sending!, 'Send the email again')).toBeUndefined();
    expect(state(failed!)).toBe('The email could not be delivered. Check the address or share the link.');
    expect(inCard(failed!, 'Send the email again')).toBeDefined();
    // Resending needs a delivered gift; changing the delivery, one not delivered yet.
    expect(inCard(delivered!, 'Send the email again')).toBeDefined();
    expect(inCard(delivered!, 'Change delivery')).toBeUndefined();
    expect(inCard(scheduled!, 'Send the email again')).toBeUndefined();
    expect(inCard(scheduled!, 'Change delivery for Pepe')).toBeDefined();
  });

  it('offers "Withdraw from contract here" while the right lasts, and says why once it is gone', async () => {
    await renderOrders();
    const [, , , , open, used, late, back] = cards();
    const offer = open!.querySelector('[data-testid="withdrawal-offer"]');
    expect(offer?.textContent).toContain('You may withdraw from this purchase until 4 Dec 2026, 23:59.');
    expect(inCard(open!, 'Withdraw from contract here')?.getAttribute('href')).toBe('/withdraw/ck1');
    for (const card of [used!, late!, back!]) expect(inCard(card, 'Withdraw from contract here')).toBeUndefined();
    const why = (card: HTMLElement) => card.querySelector('[data-testid="withdrawal-state"]')?.textContent;
    expect(why(used!)).toBe('This gift has been redeemed, so it can no longer be withdrawn.');
    expect(why(late!)).toBe('The 14-day withdrawal period ended on 4 Nov 2026, 23:59.');
    expect(why(back!)).toBe('You withdrew from this gift on 21 Nov 2026, 10:30; its full price is being refunded.');
    expect(back!.textContent).toContain('Withdrawn');
  });

  it('loads older orders with a "Load more" button, then has no more to load', async () => {
    await renderOrders();
    expect(cards()).toHaveLength(9);
    const more = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Load more orders')!;
    expect(more).toBeDefined();
    await act(async () => more.click());
    await waitForText('For Older');
    expect(cards()).toHaveLength(10);
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Load more orders')).toBe(false);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/my/orders?cursor=page-2')).toHaveLength(1);
  });

  it('shows one pending purchase per unpaid checkout, to pay now or discard', async () => {
    pendingPurchases = [pendingPurchase];
    await renderOrders();
    await waitForText('Waiting for payment');
    const card = document.querySelector<HTMLElement>('[data-testid="pending-purchase"]')!;
    expect(card.textContent).toContain('Cata de tés at Tetería Russafa, for Lucía');
    expect(card.textContent).toContain('Cena para dos at Tetería Russafa, for Joan');
    expect(card.textContent).toMatch(/65,00\s€/);
    expect(card.textContent).toContain('pay before 20 Nov 2026, 10:30');
    expect(inCard(card, 'Pay now')!.getAttribute('href')).toBe('http://127.0.0.1:3000/checkout/ck9/pay');
    const discard = inCard(card, 'Discard the purchase started 20 Nov 2026, 10:00')!;
    expect(discard.tagName).toBe('BUTTON');
    await act(async () => discard.click());
    await vi.waitFor(() => expect(document.querySelector('[data-testid="pending-purchase"]')).toBeNull());
    expect(text()).not.toContain('Waiting for payment');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/my/pending-purchases/ck9/discard')).toHaveLength(1);
  });

  it("prefills the WhatsApp message in the recipient's language, to their phone when known", async () => {
    await renderOrders();
    await vi.waitFor(() => expect(inCard(cards()[0]!, 'Share on WhatsApp')).toBeDefined());
    const toCarmen = new URL(inCard(cards()[0]!, 'Share on WhatsApp')!.getAttribute('href')!);
    expect(toCarmen.origin + toCarmen.pathname).toBe('https://wa.me/34612345678');
    expect(toCarmen.searchParams.get('text')).toBe(
      '¡Hola, Carmen! Lucía te ha enviado un regalo en Regalo: Horchata for two de Orxateria La Palmera. Ábrelo aquí: http://127.0.0.1:3000/g/abc',
    );
    const toPepe = new URL(inCard(cards()[1]!, 'Share on WhatsApp')!.getAttribute('href')!);
    expect(toPepe.pathname).toBe('/');
    expect(toPepe.searchParams.get('text')).toBe(
      'Hi Pepe! Lucía has sent you a gift on Regalo: Horchata for two from Orxateria La Palmera. Open it here: http://127.0.0.1:3000/g/def',
    );
  });

  it('copies the gift link and resends the email', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderOrders();
    await act(async () => inCard(cards()[0]!, 'Copy the gift link')!.click());
    expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:3000/g/abc');
    await act(async () => inCard(cards()[0]!, 'Send the email again')!.click());
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/my/orders/o1/resend')).toHaveLength(1),
    );
  });

  it('says what to do when the resend limit is reached, instead of the generic message', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/my/orders/o1/resend' && init?.method === 'POST') {
        return new Response(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited' }), {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1800' },
        });
      }
      if (url.includes('/api/auth/get-session')) return json(200, null);
      return json(200, url === '/api/my/orders' ? { items: [order()], nextCursor: null } : { items: [] });
    });
    await renderOrders();
    toastError.mockClear();
    await act(async () => inCard(cards()[0]!, 'Send the email again')!.click());
    await vi.waitFor(() => expect(toastError).toHaveBeenCalled(), { timeout: 3000 });
    // Only this message: the area's generic "too many attempts" toast is not added on top.
    expect(toastError.mock.calls).toEqual([
      [
        'Error',
        {
          description:
            'You have sent gift emails again several times in the last hour. Wait a while before sending this one again; meanwhile you can copy the link or share it on WhatsApp.',
        },
      ],
    ]);
  });

  it('changes a scheduled delivery in a dialog that gives focus back to its button', async () => {
    await renderOrders();
    const trigger = inCard(cards()[1]!, 'Change delivery for Pepe')!;
    await act(async () => {
      trigger.focus();
      trigger.click();
    });
    // The dialog's code loads on the first opening (ADR 039).
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!found) throw new Error('no dialog yet');
      return found;
    });
    expect(dialog.textContent).toContain('Change delivery for Pepe');
    const date = dialog.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(date.value).toBe('2026-12-01');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(date, '2026-12-24');
      date.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // The server refuses first (already delivered meanwhile): the dialog says so and stays.
    patchAnswer = json(409, { type: 'about:blank', title: 'x', status: 409, code: 'order_already_delivered' });
    await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await waitForText('This gift has already been delivered');
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();

    patchAnswer = json(200, order({ id: 'o2', recipientName: 'Pepe', deliveryState: 'scheduled', deliveredAt: null, deliverAt: '2026-12-24T09:00:00.000Z', canChangeDelivery: true }));
    await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    const patches = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/my/orders/o2/delivery');
    expect(JSON.parse(String((patches[1]![1] as RequestInit).body))).toEqual({
      recipientEmail: 'carmen@example.test',
      recipientPhone: '',
      delivery: { kind: 'scheduled', date: '2026-12-24', time: '10:00' },
    });
    await vi.waitFor(() => expect(document.activeElement).toBe(inCard(cards()[1]!, 'Change delivery for Pepe')));
    expect(cards()[1]!.querySelector('[data-testid="delivery-state"]')?.textContent).toBe('Will be delivered 24 Dec 2026, 10:00');
  });

  it('checks a changed delivery with the contract before sending, and shows the server\'s field answers on the fields', async () => {
    await renderOrders();
    await act(async () => inCard(cards()[1]!, 'Change delivery for Pepe')!.click());
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!found) throw new Error('no dialog yet');
      return found;
    });
    const email = dialog.querySelector<HTMLInputElement>('input[type="email"]')!;
    const type = async (value: string) =>
      act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(email, value);
        email.dispatchEvent(new Event('input', { bubbles: true }));
      });
    const patches = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/my/orders/o2/delivery');

    // Pepe has no phone: without the email too, the contract refuses before any request.
    await type('');
    await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await vi.waitFor(() => expect(dialog.textContent).toContain('Give an email or a phone (or both)'));
    expect(patches()).toHaveLength(0);

    await type('pepe@example.test');
    patchAnswer = json(400, { type: 'about:blank', title: 'x', status: 400, code: 'validation_failed', fields: { 'delivery.date': 'delivery_in_past' } });
    await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await vi.waitFor(() => expect(dialog.textContent).toContain('Choose a moment in the future'));
    expect(dialog.textContent).toContain('Some fields are not valid');
    expect(dialog.textContent).not.toContain('Give an email or a phone (or both)');
    expect(dialog.querySelector('input[type="date"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toHaveLength(1);
  });
});
