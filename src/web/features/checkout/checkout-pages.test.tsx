// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '@shared/contracts/checkout';
import { createCartStore } from '@web/lib/cart';
import { cartStore } from '@web/lib/use-cart';
import { TERMS_VERSION } from '@shared/domain/legal-versions';

const dom = mountReactRootPerTest();
// The first render loads the page's chunks and catalogues: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
const problem = (status: number, code: string, fields?: Record<string, string>) =>
  json(status, { type: 'about:blank', title: code, status, code, ...(fields ? { fields } : {}) });

const giver = { id: 'giver-1', email: 'giver@example.test', name: 'Giver', emailVerified: true };

function stubApi(handler: Handler) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url.includes('/api/auth/get-session')) return json(200, { user: giver });
    if (url === '/api/contacts') {
      return json(200, {
        items: [
          { id: 'c1', name: 'Carmen Martínez', email: 'carmen@example.test', phone: null, relationship: null, notes: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' },
        ],
      });
    }
    if (url === '/api/checkouts/quote') {
      const { giftIds } = JSON.parse(String(init?.body)) as { giftIds: string[] };
      return json(200, { items: giftIds.map((id) => quoted(id)) });
    }
    return json(404, { type: 'about:blank', title: 'nf', status: 404, code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
}

// A gift no longer listed is quoted as an unknown one: no name, no business (the cart keeps its own).
const quoted = (id: string, available = true) => ({
  giftId: id,
  available,
  name: available ? `Gift ${id}` : null,
  businessId: available ? 'b1' : null,
  businessName: available ? 'Orxateria La Palmera' : null,
  imageUrl: null,
  price: available ? 950 : null,
  kind: available ? 'fixed' : null,
  minAmount: null,
  maxAmount: null,
  suggestedAmounts: null,
  currency: 'EUR',
  validityDays: available ? 180 : null,
  expiresAtIfPaidNow: available ? '2027-05-22T21:59:59.999Z' : null,
  // `booked-…` ids stand for gifts the recipient books from the gift page (ADR 105).
  bookedOnline: available && id.startsWith('booked'),
});

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 'ck1',
    status: 'pending',
    provider: 'test',
    totalAmount: 1900,
    currency: 'EUR',
    paymentUrl: '/checkout/ck1/pay',
    lines: [
      { orderId: 'o1', giftId: 'g1', giftName: 'Gift g1', businessName: 'Orxateria La Palmera', recipientName: 'Carmen Martínez', status: 'unpaid', handover: 'send', giftPagePath: null, price: 950, valueKind: 'fixed', validityDays: 180, expiresAt: '2027-05-22T21:59:59.999Z', deliverAt: null },
      { orderId: 'o2', giftId: 'g1', giftName: 'Gift g1', businessName: 'Orxateria La Palmera', recipientName: 'Pepe', status: 'unpaid', handover: 'send', giftPagePath: null, price: 950, valueKind: 'fixed', validityDays: 180, expiresAt: '2027-05-22T21:59:59.999Z', deliverAt: '2026-12-24T09:00:00.000Z' },
    ],
    createdAt: '2026-11-23T10:00:00.000Z',
    withdrawUntil: null,
    purchasePath: null,
    withdrawPath: null,
    paymentMethod: null,
    awaitingBank: false,
    ...overrides,
  };
}

function addGift(id = 'g1') {
  return cartStore.add({
    gift: { id, name: `Gift ${id}`, price: 950, currency: 'EUR', validityDays: 180, imageUrl: null },
    business: { id: 'b1', name: 'Orxateria La Palmera' },
  })!;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

async function renderAt(path: string, options: { pollDelay?: (n: number) => number } = {}) {
  const { default: CheckoutPage } = await import('./checkout-page');
  const { default: TestPaymentPage } = await import('./test-payment-page');
  const { CheckoutResult } = await import('./checkout-return-page');
  const { CheckoutShell } = await import('./checkout-shell');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/checkout/:id/pay" element={<TestPaymentPage />} />
            <Route
              path="/checkout/:id"
              element={
                <CheckoutShell>
                  <CheckoutResult pollDelay={options.pollDelay ?? (() => 5)} />
                </CheckoutShell>
              }
            />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Suspense>,
    );
  });
}

const text = () => dom.container.textContent ?? '';
async function waitForText(value: string) {
  await vi.waitFor(() => expect(text()).toContain(value), { timeout: 3000 });
}
const where = () => dom.container.querySelector('[data-testid="where"]')?.textContent;

function control(id: string) {
  return dom.container.querySelector<HTMLInputElement>(`[id="${id}"]`)!;
}
async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const button = (name: string | RegExp) =>
  [...dom.container.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? ''),
  )!;
async function click(name: string | RegExp) {
  await act(async () => button(name).click());
}

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  cartStore.bind(giver.id);
  cartStore.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/checkout', () => {
  it('shows each gift with today\'s price, validity and expiry, and checks every line before sending', async () => {
    stubApi(() => undefined);
    addGift('g1');
    addGift('g2');
    await renderAt('/checkout');
    await waitForText('Gift 2 of 2');
    await waitForText('Valid for 180 days: until 22 May 2027 if paid today');
    expect(dom.container.querySelector('[data-testid="checkout-total"]')?.textContent).toMatch(/^19,00\s€$/);
    expect(text()).toContain('Prices include VAT.');
    // The pre-contract information (ADR 059): seller, total with VAT, withdrawal, terms.
    const precontract = dom.container.querySelector('[data-testid="precontract"]')!;
    expect(precontract.textContent).toMatch(/Total to pay, VAT included: 19,00\s€/);
    expect(precontract.textContent).toContain('Regalo sells it in the business\'s name, as an intermediary');
    expect(precontract.textContent).toContain('withdraw within 14 days');
    expect(precontract.textContent).toContain('By paying you accept the terms of sale (version of 6 Dec 2026).');
    expect([...precontract.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/legal?lang=en',
      '/withdrawal-form?lang=en',
      '/terms?lang=en',
    ]);
    expect(dom.container.querySelector('[data-testid="summary-seller"]')?.textContent).toMatch(/^Sold by .+ through Regalo$/);

    await click(/^Go to payment/);
    await waitForText('Some gifts need more details.');
    expect(text()).toContain('Please fill this in');
    expect(text()).toContain('Give an email or a phone (or both)');
    expect(control('line-0-name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(control('line-0-name'));
    expect(calls('POST', '/api/checkouts')).toHaveLength(0);

    // Errors follow the typing once shown; the message count is live.
    await type(control('line-0-name'), 'Ana');
    await type(control('line-0-email'), 'ana@');
    expect(text()).toContain('This is not a valid email address');
    await type(control('line-0-message'), '¡Felicidades!');
    expect(text()).toContain('13 of 500 characters');
  });

  it('refuses control characters in the recipient’s name and in the message before sending, in words', async () => {
    stubApi(() => undefined);
    addGift('g1');
    await renderAt('/checkout');
    await waitForText('Valid for 180 days');
    // A tab survives an input's own clean-up of pasted text (line breaks do not).
    await type(control('line-0-name'), 'Ana\tMaría');
    await type(control('line-0-email'), 'ana@example.test');
    await type(control('line-0-message'), 'Hola\u0007\nUn abrazo');
    await click(/^Go to payment/);
    await waitForText('Keep this on one line, without line breaks or control characters.');
    expect(text()).toContain('Remove the control characters from this text (line breaks are fine).');
    expect(control('line-0-name').getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST', '/api/checkouts')).toHaveLength(0);

    // Line breaks are a message's own.
    await type(control('line-0-name'), 'Ana María');
    await type(control('line-0-message'), 'Hola\nUn abrazo');
    expect(text()).not.toContain('control characters');
  });

  it("names each gift as today's quote does, in the language read now, whatever language it was added in", async () => {
    stubApi((url, init) => {
      if (url !== '/api/checkouts/quote') return undefined;
      const { giftIds } = JSON.parse(String(init?.body)) as { giftIds: string[] };
      return json(200, { items: giftIds.map((id) => ({ ...quoted(id), name: 'Tea tasting' })) });
    });
    addGift('g1');
    await renderAt('/checkout');
    await waitForText('Tea tasting');
    expect(dom.container.querySelector('[data-testid="checkout-line"] h2')?.textContent).toBe('Tea tasting');
    expect(dom.container.querySelector('[data-testid="checkout-summary"]')?.textContent).toContain('Tea tasting');
    // The cart itself keeps what it was given.
    expect(cartStore.getSnapshot().lines[0]!.gift.name).toBe('Gift g1');
  });

  it('picks a recipient from the contacts and duplicates a gift for another person', async () => {
    stubApi(() => undefined);
    addGift('g1');
    await renderAt('/checkout');
    await waitForText('Choose from your contacts');
    await vi.waitFor(() => expect(control('line-0-contact').querySelectorAll('option')).toHaveLength(2));
    await choose(control('line-0-contact') as unknown as HTMLSelectElement, 'c1');
    expect(control('line-0-name').value).toBe('Carmen Martínez');
    expect(control('line-0-email').value).toBe('carmen@example.test');
    expect(cartStore.getSnapshot().lines[0]!.recipient.contactId).toBe('c1');

    await click('Duplicate');
    await waitForText('Gift 2 of 2');
    expect(control('line-1-name').value).toBe('');
    expect(cartStore.getSnapshot().lines.map((l) => l.gift.id)).toEqual(['g1', 'g1']);
    await click(/^Remove$/);
    expect(cartStore.getSnapshot().lines).toHaveLength(1);
  });

  it('reuses the idempotency key after a network error and a double click, then goes to the payment page', async () => {
    let attempt = 0;
    stubApi((url, init) => {
      if (url !== '/api/checkouts' || init?.method !== 'POST') return undefined;
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return json(201, checkout());
    });
    const line = addGift('g1');
    cartStore.update(line.lineId, { recipient: { name: 'Carmen', email: 'carmen@example.test' } });
    await renderAt('/checkout');
    await waitForText('Valid for 180 days');

    await click(/^Go to payment/);
    await waitForText('No connection to Regalo. Nothing was charged.');
    expect(where()).toBe('/checkout');

    await act(async () => {
      button(/^Go to payment/).click();
      button(/Go to payment|Preparing/).click();
    });
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1/pay'));
    const posts = calls('POST', '/api/checkouts');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map(bodyOf);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(String(first!.idempotencyKey)).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(first!.acceptedTermsVersion).toBe(TERMS_VERSION);
    expect(first!.lines).toEqual([
      { giftId: 'g1', recipientName: 'Carmen', recipientEmail: 'carmen@example.test', recipientPhone: '', personalMessage: '', recipientLocale: 'en', contactId: null, delivery: { kind: 'now' } },
    ]);
    // The cart is kept until a payment succeeds; it remembers which checkout it became.
    expect(cartStore.getSnapshot()).toMatchObject({ checkoutId: 'ck1', lines: [{ lineId: line.lineId }] });
  });

  it('offers "Tell me when it is booked" only on a gift booked online, off until ticked, and sends it ticked', async () => {
    stubApi((url, init) => (url === '/api/checkouts' && init?.method === 'POST' ? json(201, checkout()) : undefined));
    const plain = addGift('g1');
    const booked = addGift('booked-1');
    cartStore.update(plain.lineId, { recipient: { name: 'Carmen', email: 'carmen@example.test' } });
    cartStore.update(booked.lineId, { recipient: { name: 'Pepe', email: 'pepe@example.test' } });
    await renderAt('/checkout');
    await waitForText('Tell me when it is booked');
    expect(dom.container.querySelector('[id="line-0-booking-notice"]')).toBeNull();
    const box = control('line-1-booking-notice');
    expect(box.checked).toBe(false);
    expect(text()).toContain('The date and time only if they agree.');
    await act(async () => box.click());
    expect(control('line-1-booking-notice').checked).toBe(true);

    await click(/^Go to payment/);
    await vi.waitFor(() => expect(calls('POST', '/api/checkouts')).toHaveLength(1));
    const sent = bodyOf(calls('POST', '/api/checkouts')[0]!).lines as Record<string, unknown>[];
    expect(sent[0]).not.toHaveProperty('giverWantsBookingNotice');
    expect(sent[1]).toMatchObject({ giftId: 'booked-1', giverWantsBookingNotice: true });
  });

  it('sends the same key after a reload while the first request was under way, and forgets it once answered', async () => {
    const answers: ((response: Response) => void)[] = [];
    stubApi((url, init) =>
      url === '/api/checkouts' && init?.method === 'POST' ? new Promise<Response>((resolve) => answers.push(resolve)) : undefined,
    );
    const line = addGift('g1');
    cartStore.update(line.lineId, { recipient: { name: 'Carmen', email: 'carmen@example.test' } });
    await renderAt('/checkout');
    await waitForText('Valid for 180 days');
    await click(/^Go to payment/);
    await vi.waitFor(() => expect(calls('POST', '/api/checkouts')).toHaveLength(1));
    const [first] = calls('POST', '/api/checkouts').map(bodyOf);

    // The tab reloads before the answer: the cart, read again from the giver's storage, still
    // holds the attempt, and the new page sends its key.
    const stored = createCartStore({ storage: () => localStorage, newId: () => 'x', language: () => 'en' }).snapshotFor(giver.id);
    expect(stored.attempt?.key).toBe(first!.idempotencyKey);
    await act(async () => dom.root.render(<p>reloading</p>));
    await renderAt('/checkout');
    await waitForText('Valid for 180 days');
    await click(/^Go to payment/);
    await vi.waitFor(() => expect(calls('POST', '/api/checkouts')).toHaveLength(2));
    const [, second] = calls('POST', '/api/checkouts').map(bodyOf);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);

    // The server answers with the one checkout it made: the attempt is over.
    await act(async () => answers[1]!(json(200, checkout())));
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1/pay'));
    expect(cartStore.getSnapshot()).toMatchObject({ checkoutId: 'ck1', attempt: null });
    // The first request's answer never comes: that page is gone.
  });

  it("puts the server's field errors and unavailable gifts on the right lines", async () => {
    let answer = problem(400, 'validation_failed', { 'lines.1.recipientPhone': 'invalid_phone' });
    stubApi((url, init) => (url === '/api/checkouts' && init?.method === 'POST' ? answer : undefined));
    for (const [i, id] of ['g1', 'g2'].entries()) {
      const line = addGift(id);
      cartStore.update(line.lineId, { recipient: { name: `Person ${i}`, phone: '612345678' } });
    }
    await renderAt('/checkout');
    await waitForText('Valid for 180 days');
    await click(/^Go to payment/);
    await waitForText('This is not a valid phone number');
    expect(control('line-1-phone').getAttribute('aria-invalid')).toBe('true');
    expect(control('line-0-phone').getAttribute('aria-invalid')).toBeNull();

    answer = problem(409, 'gift_unavailable', { 'lines.0.giftId': 'gift_unavailable' });
    await type(control('line-1-phone'), '+34 612 345 679');
    await click(/^Go to payment/);
    await waitForText('This gift is no longer available. Remove it to continue.');
    const cards = dom.container.querySelectorAll('[data-testid="checkout-line"]');
    expect(cards[0]!.textContent).toContain('no longer available');
    expect(cards[1]!.textContent).not.toContain('no longer available');
  });

  it('names the gifts the quote says are unavailable and blocks paying', async () => {
    stubApi((url, init) => {
      if (url !== '/api/checkouts/quote') return undefined;
      const { giftIds } = JSON.parse(String(init?.body)) as { giftIds: string[] };
      return json(200, { items: giftIds.map((id) => quoted(id, id !== 'g2')) });
    });
    addGift('g1');
    addGift('g2');
    await renderAt('/checkout');
    await waitForText('No longer available: «Gift g2». Remove it from your cart to continue.');
    expect(button(/^Go to payment/).disabled).toBe(true);
    // Its line and the summary keep the names the cart has: the quote gives none for it.
    const card = dom.container.querySelectorAll('[data-testid="checkout-line"]')[1]!;
    expect(card.querySelector('h2')?.textContent).toBe('Gift g2');
    expect(card.textContent).toContain('no longer available');
    const summary = dom.container.querySelector('[data-testid="checkout-summary"]')!.textContent;
    expect(summary).toContain('Gift g2');
    expect(summary).not.toContain('null');
  });
});

describe('/checkout/:id/pay (test provider)', () => {
  it('is labelled as a test, shows the amount and the lines, and reports the chosen outcome', async () => {
    let status: Checkout['status'] = 'pending';
    stubApi((url, init) => {
      if (url === '/api/checkouts/ck1') return json(200, checkout({ status }));
      if (url === '/api/payments/test/ck1/fail' && init?.method === 'POST') {
        status = 'failed';
        return json(200, checkout({ status, paymentUrl: null }));
      }
      return undefined;
    });
    addGift('g1');
    await renderAt('/checkout/ck1/pay');
    await waitForText('This is a TEST payment page');
    await waitForText('Amount');
    expect(dom.container.querySelector('[data-testid="pay-amount"]')?.textContent).toMatch(/^19,00\s€$/);
    expect(text()).toContain('For Pepe');
    expect(button(/^Pay 19,00\s€ \(test\)$/)).toBeTruthy();

    await click('Make the payment fail (test)');
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1'));
    await waitForText('The payment did not go through');
    expect(text()).toContain('Your cart is kept');
    expect(cartStore.getSnapshot().lines).toHaveLength(1);
    expect(calls('POST', '/api/payments/test/ck1/fail')).toHaveLength(1);
  });

  it('"Bizum (test)" can stay waiting for the bank, then the bank confirms: the thank-you page names Bizum', async () => {
    let state: Partial<Checkout> = { status: 'pending' };
    stubApi((url, init) => {
      if (url === '/api/checkouts/ck1') return json(200, checkout(state));
      if (url === '/api/payments/test/ck1/pending' && init?.method === 'POST') {
        state = { status: 'pending', paymentMethod: 'bizum', awaitingBank: true };
        return json(200, checkout(state));
      }
      if (url === '/api/payments/test/ck1/succeed' && init?.method === 'POST') {
        state = { status: 'succeeded', paymentMethod: 'bizum', paymentUrl: null };
        return json(200, checkout(state));
      }
      return undefined;
    });
    addGift('g1');
    cartStore.markCheckout('ck1');
    await renderAt('/checkout/ck1/pay');
    await waitForText('Bizum (test)');
    expect(dom.container.querySelector('[data-testid="test-bizum"] legend')?.textContent).toBe('Bizum (test)');
    // The card's "Pay … (test)" stays the only button so named (journeys press it by that name).
    expect([...dom.container.querySelectorAll('button')].filter((b) => /^Pay .+ \(test\)$/.test(b.textContent ?? ''))).toHaveLength(1);
    expect(button(/^Bizum: pay 19,00\s€ \(test\)$/)).toBeTruthy();
    await click('Bizum: leave it waiting for the bank (test)');
    expect(bodyOf(calls('POST', '/api/payments/test/ck1/pending')[0]!)).toEqual({ method: 'bizum' });
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1'));
    await waitForText('Waiting for your bank…');
    expect(text()).toContain('You authorised the payment with Bizum');
    // Its "Back to the payment page" leads to the test page, now showing the bank's answers.
    expect(dom.container.querySelector('a[href="/checkout/ck1/pay"]')).not.toBeNull();
    await act(async () => dom.root.render(<></>));
    await renderAt('/checkout/ck1/pay');
    await waitForText('the payment is waiting for the bank');
    await click(/^The bank confirms 19,00\s€ \(test\)$/);
    expect(bodyOf(calls('POST', '/api/payments/test/ck1/succeed')[0]!)).toEqual({ method: 'bizum' });
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1'));
    await waitForText('Thank you!');
    expect(dom.container.querySelector('[data-testid="paid-with"]')?.textContent).toBe('Paid with Bizum');
  });

  it('says "cancelled", not "expired", after the payer cancels on the test page', async () => {
    let status: Checkout['status'] = 'pending';
    stubApi((url, init) => {
      if (url === '/api/checkouts/ck1') return json(200, checkout({ status, paymentUrl: status === 'pending' ? '/checkout/ck1/pay' : null }));
      if (url === '/api/payments/test/ck1/cancel' && init?.method === 'POST') {
        // The test provider closes a cancelled checkout as `expired`.
        status = 'expired';
        return json(200, checkout({ status, paymentUrl: null }));
      }
      return undefined;
    });
    addGift('g1');
    await renderAt('/checkout/ck1/pay');
    await waitForText('Amount');
    await click('Cancel the payment (test)');
    await vi.waitFor(() => expect(where()).toBe('/checkout/ck1'));
    await waitForText('You cancelled the payment');
    expect(text()).not.toContain('This payment has expired');
    expect(text()).toContain('Nothing was charged. Your cart is kept');
    expect(cartStore.getSnapshot().lines).toHaveLength(1);
  });
});

describe('/checkout/:id (return page)', () => {
  it('polls while the payment is pending, then empties the cart and says when each gift arrives', async () => {
    const answers: Checkout['status'][] = ['pending', 'pending', 'succeeded'];
    stubApi((url) => (url === '/api/checkouts/ck1' ? json(200, checkout({ status: answers.shift() ?? 'succeeded' })) : undefined));
    addGift('g1');
    cartStore.markCheckout('ck1');
    const delays: number[] = [];
    await renderAt('/checkout/ck1', { pollDelay: (n) => (delays.push(n), 5) });
    await waitForText('Thank you! Your gifts are on their way');
    expect(calls('GET', '/api/checkouts/ck1')).toHaveLength(3);
    // The wait grows with each pending answer (the first answer, then the second).
    expect([...new Set(delays)].sort()).toEqual([0, 1]);
    expect(text()).toContain('Delivered by email right now');
    expect(text()).toMatch(/Delivered by email on 24 Dec 2026, 10:00/);
    expect(cartStore.getSnapshot().lines).toHaveLength(0);
    // Settled: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls('GET', '/api/checkouts/ck1')).toHaveLength(3);
  });

  it('speaks of one gift in the singular once it is paid', async () => {
    const one = checkout().lines.slice(0, 1);
    stubApi((url) => (url === '/api/checkouts/ck1' ? json(200, checkout({ status: 'succeeded', lines: one })) : undefined));
    addGift('g1');
    cartStore.markCheckout('ck1');
    await renderAt('/checkout/ck1');
    await waitForText('Thank you! Your gift is on its way');
    expect(text()).toContain('The person gets an email with their gift');
    expect(text()).not.toContain('gifts');
  });

  it("says on the thank-you page that a gift card's VAT is charged by the business when it is used, on its line only", async () => {
    const [fixed] = checkout().lines;
    const card = { ...fixed!, orderId: 'o3', giftName: 'Tarjeta regalo La Palmera', price: 5000, valueKind: 'card' as const };
    stubApi((url) => (url === '/api/checkouts/ck1' ? json(200, checkout({ status: 'succeeded', totalAmount: 5950, lines: [fixed!, card] })) : undefined));
    cartStore.markCheckout('ck1');
    await renderAt('/checkout/ck1');
    await waitForText('Gift card: its VAT is charged by the business when it is used.');
    const notes = [...dom.container.querySelectorAll('[data-testid="card-vat-when-used"]')];
    expect(notes).toHaveLength(1);
    expect(notes[0]!.closest('li')!.textContent).toContain('Tarjeta regalo La Palmera');
  });

  it('keeps a cart that changed after the checkout was made', async () => {
    stubApi((url) => (url === '/api/checkouts/ck1' ? json(200, checkout({ status: 'succeeded' })) : undefined));
    addGift('g1');
    cartStore.markCheckout('ck1');
    addGift('g2');
    await renderAt('/checkout/ck1');
    await waitForText('Thank you!');
    expect(cartStore.getSnapshot().lines).toHaveLength(2);
  });

  it('says a payment cancelled at Stripe was not made, keeps the cart and stops asking', async () => {
    stubApi((url) =>
      url === '/api/checkouts/ck1' ? json(200, checkout({ provider: 'stripe', paymentUrl: 'https://checkout.stripe.test/c/1' })) : undefined,
    );
    addGift('g1');
    cartStore.markCheckout('ck1');
    await renderAt('/checkout/ck1?payment=cancelled');
    await waitForText('You cancelled the payment');
    expect(text()).toContain('Nothing was charged. Your cart is kept');
    expect(dom.container.querySelector('a[href="https://checkout.stripe.test/c/1"]')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls('GET', '/api/checkouts/ck1')).toHaveLength(1);
    expect(cartStore.getSnapshot().lines).toHaveLength(1);
  });
});
