// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { mountReactRootPerTest } from '@web/testing/react-root';
import { RedeemTab } from './redeem-tab';

const dom = mountReactRootPerTest();

const paid: RedemptionOrder = {
  orderId: '6f0c7a1e-3b8e-4a52-9d55-0d0f9a1b2c3d',
  giftName: 'Orxata i fartons',
  recipientName: 'Marta',
  status: 'paid',
  expiresAt: '2027-11-23T22:59:59.999Z',
  redeemedAt: null,
};
const redeemed: RedemptionOrder = { ...paid, status: 'redeemed', redeemedAt: '2026-11-23T10:15:00.000Z' };

type Reply = { status: number; body: unknown } | 'offline';
let replies: Record<string, Reply[]>;
let calls: { url: string; body: unknown }[];

function json(reply: Exclude<Reply, 'offline'>) {
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'content-type': reply.status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}
const problem = (status: number, code: string) => ({ status, body: { type: 'about:blank', title: 'x', status, code } });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[url]?.shift();
      if (!reply) return new Response('{}', { status: 404 });
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return json(reply);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

let client: QueryClient;
async function render() {
  client = new QueryClient();
  await act(async () => {
    dom.root.render(
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>loading</p>}>
          <RedeemTab />
        </Suspense>
      </QueryClientProvider>,
    );
  });
  await waitForText('Redeem a gift');
}

async function waitForText(text: string) {
  await vi.waitFor(() => expect(dom.container.textContent).toContain(text), { timeout: 3000 });
}

async function typeCode(value: string) {
  const input = dom.container.querySelector<HTMLInputElement>('input')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await click('Find gift');
}

async function click(name: string) {
  const button = [...dom.container.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!button) throw new Error(`no button ${name}: ${dom.container.textContent}`);
  await act(async () => button.click());
}

const LOOKUP = '/api/business/redemptions/lookup';
const REDEEM = '/api/business/redemptions';

describe('RedeemTab', () => {
  it('finds a gift by its typed code, redeems it with that same code and says so; the orders are refreshed', async () => {
    replies = { [LOOKUP]: [{ status: 200, body: paid }], [REDEEM]: [{ status: 200, body: redeemed }] };
    await render();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await typeCode('k7qd-m2xa');
    await waitForText('Check the gift');
    expect(dom.container.textContent).toContain('Orxata i fartons');
    expect(dom.container.textContent).toContain('Marta');
    expect(dom.container.textContent).toContain('Ready to redeem');
    // The heading takes focus once the answer is shown (its contract check is awaited first in tests).
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Check the gift'), { timeout: 3000 });
    expect(calls[0]).toEqual({ url: LOOKUP, body: { code: 'k7qd-m2xa' } });

    await click('Confirm redemption');
    await waitForText('Gift redeemed');
    // Redeeming proves the recipient is here: the code again, never the order's id.
    expect(calls[1]).toEqual({ url: REDEEM, body: { code: 'k7qd-m2xa' } });
    // The heading takes focus once the answer is shown (its contract check is awaited first in tests).
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Gift redeemed'), { timeout: 3000 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard', 'orders'] });
  });

  // Saturday 12 December 2026, 10:00 in Madrid (09:00 UTC in winter).
  const booked: RedemptionOrder = { ...paid, booking: { startsAt: '2026-12-12T09:00:00.000Z', partySize: 2, name: 'Marta Soler', notes: 'Una trona' } };

  it('shows the gift’s booking on Madrid’s clock with its name and notes', async () => {
    replies = { [LOOKUP]: [{ status: 200, body: booked }] };
    await render();
    await typeCode('k7qd-m2xa');
    await waitForText('Check the gift');
    const shown = dom.container.querySelector('[data-testid="redeem-booking"]')!.textContent;
    expect(shown).toContain('Booked for Saturday, 12 December 2026, 10:00 · 2 people');
    expect(shown).toContain('Name: Marta Soler');
    expect(shown).toContain('Notes: Una trona');
  });

  it.each([
    ['es', 'Reservado para el sábado, 12 de diciembre de 2026, 10:00 · 2 personas', 'Nombre: Marta Soler'],
    ['va', 'Reservat per al dissabte, 12 de desembre de 2026, 10:00 · 2 persones', 'Nom: Marta Soler'],
  ] as const)('says the booking in %s', async (language, line, name) => {
    const { changeLanguage } = await import('@web/lib/language');
    await changeLanguage(language);
    try {
      replies = { [LOOKUP]: [{ status: 200, body: booked }] };
      client = new QueryClient();
      await act(async () => {
        dom.root.render(
          <QueryClientProvider client={client}>
            <Suspense fallback={<p>loading</p>}>
              <RedeemTab />
            </Suspense>
          </QueryClientProvider>,
        );
      });
      await vi.waitFor(() => expect(dom.container.querySelector('form')).not.toBeNull(), { timeout: 3000 });
      const input = dom.container.querySelector<HTMLInputElement>('input')!;
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'k7qd-m2xa');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(async () => dom.container.querySelector('form')!.requestSubmit());
      await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="redeem-booking"]')?.textContent).toContain(line), { timeout: 3000 });
      expect(dom.container.querySelector('[data-testid="redeem-booking"]')!.textContent).toContain(name);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says one person, leaves out notes it has not, and shows no booking line for a gift with none', async () => {
    replies = {
      [LOOKUP]: [
        { status: 200, body: { ...booked, booking: { ...booked.booking!, partySize: 1, notes: null } } },
        { status: 200, body: paid },
      ],
    };
    await render();
    await typeCode('k7qd-m2xa');
    await waitForText('Booked for Saturday, 12 December 2026, 10:00 · 1 person');
    expect(dom.container.textContent).not.toContain('Notes:');
    await click('Cancel');
    await typeCode('k7qd-m2xb');
    await waitForText('Check the gift');
    expect(dom.container.querySelector('[data-testid="redeem-booking"]')).toBeNull();
  });

  it('shows an already redeemed gift with its date and no way to confirm', async () => {
    replies = { [LOOKUP]: [{ status: 200, body: redeemed }] };
    await render();
    await typeCode('K7QD-M2XA');
    await waitForText('This gift was already redeemed on');
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toContain('23 Nov 2026, 11:15');
    expect([...dom.container.querySelectorAll('button')].some((b) => b.textContent === 'Confirm redemption')).toBe(false);
  });

  it('a lost connection while redeeming marks nothing, says so, and retries the same call', async () => {
    replies = { [LOOKUP]: [{ status: 200, body: paid }], [REDEEM]: ['offline', { status: 200, body: redeemed }] };
    await render();
    await typeCode('K7QD-M2XA');
    await waitForText('Check the gift');
    await click('Confirm redemption');
    await waitForText('No connection. Nothing has been redeemed.');
    expect(dom.container.textContent).toContain('Ready to redeem');
    expect(dom.container.querySelector('[data-testid="redeem-success"]')).toBeNull();
    await click('Try again');
    await waitForText('Gift redeemed');
    expect(calls.filter((c) => c.url === REDEEM)).toHaveLength(2);
  });

  it('a refusal at confirmation shows the gift as it is now', async () => {
    replies = {
      [LOOKUP]: [{ status: 200, body: paid }, { status: 200, body: redeemed }],
      [REDEEM]: [problem(409, 'order_already_redeemed')],
    };
    await render();
    await typeCode('K7QD-M2XA');
    await waitForText('Check the gift');
    await click('Confirm redemption');
    await waitForText('This gift was already redeemed on');
    expect(dom.container.textContent).toContain('Already redeemed');
  });

  it.each([
    ['order_not_found', 404, 'No gift of yours has this code'],
    ['order_other_business', 403, 'This gift belongs to another business'],
    ['rate_limited', 429, 'Too many codes typed'],
  ])('explains %s and returns focus to the field', async (code, status, text) => {
    replies = { [LOOKUP]: [problem(status, code)] };
    await render();
    await typeCode('K7QD-M2XA');
    await waitForText(text);
    expect(document.activeElement?.tagName).toBe('INPUT');
  });

  it('refuses what cannot be a code without calling the server', async () => {
    replies = {};
    await render();
    await typeCode('abc');
    await waitForText('Type the 8-character code under the QR (like K7QD-M2XA), or scan the QR.');
    // Nor the last 8 characters of a whole code, which used to work (and proved nothing).
    await typeCode('Ab3_x9-Z');
    await waitForText('Type the 8-character code under the QR');
    expect(calls).toHaveLength(0);
  });

  it('without a camera closes the scanner and focuses the field, saying why under it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    replies = {};
    await render();
    await click('Scan QR');
    await waitForText('The camera was not allowed');
    expect(dom.container.querySelector('[data-testid="qr-scanner"]')).toBeNull();
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toContain('type the code instead');
    await vi.waitFor(() => expect(document.activeElement).toBe(dom.container.querySelector('input')));
    // Typing works straight away.
    replies = { [LOOKUP]: [{ status: 200, body: paid }] };
    await typeCode('K7QD-M2XA');
    await waitForText('Check the gift');
  });

  it('looks up a code the gift page handed over in the fragment at once, and removes it from the address', async () => {
    const code = 'Xq3_v9-ZpL0aB7cD1eF2gH4iJ5kM6nO8';
    window.history.replaceState(null, '', `/business/dashboard?tab=redeem#code=${code}`);
    replies = { [LOOKUP]: [{ status: 200, body: paid }], [REDEEM]: [{ status: 200, body: redeemed }] };
    await render();
    await waitForText('Check the gift');
    expect(calls[0]).toEqual({ url: LOOKUP, body: { code } });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?tab=redeem');
    await click('Confirm redemption');
    await waitForText('Gift redeemed');
    expect(calls[1]).toEqual({ url: REDEEM, body: { code } });
  });
});

describe('RedeemTab with a gift card (ADR 104)', () => {
  const use = { id: '0b5c2f9e-1d2a-4c3b-8e7f-112233445566', amountCents: 1840, at: '2026-12-07T10:00:00.000Z', undoableUntil: '2026-12-07T10:30:00.000Z', undone: null };
  const card: RedemptionOrder = { ...paid, giftName: 'Tarjeta regalo', card: { amountCents: 5000, balanceCents: 5000, uses: [] } };
  const spent: RedemptionOrder = { ...card, card: { amountCents: 5000, balanceCents: 3160, uses: [use] }, redeemedCents: 1840, remainingCents: 3160 };

  async function typeAmount(value: string) {
    const input = dom.container.querySelectorAll<HTMLInputElement>('input')[0]!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  it('shows the balance, spends the amount typed as the till shows it with one key kept for a retry, and shows the balance left', async () => {
    replies = { [LOOKUP]: [{ status: 200, body: card }], [REDEEM]: ['offline', { status: 200, body: spent }] };
    await render();
    await typeCode('k7qd-m2xa');
    await waitForText('Balance: 50,00');
    await typeAmount('18,40');
    await click('Spend this amount');
    await waitForText('No connection');
    await click('Spend this amount');
    await waitForText('Balance left: 31,60');
    const [first, second] = calls.filter((c) => c.url === REDEEM).map((c) => c.body as { code: string; amountCents: number; idempotencyKey: string });
    expect(first).toMatchObject({ code: 'k7qd-m2xa', amountCents: 1840 });
    expect(first!.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The retry sends the same key: the server spends it once.
    expect(second).toEqual(first);
    expect(dom.container.textContent).toMatch(/18,40\s€ spent/);
  });

  it('refuses more than the balance before asking, and says what is available when the server refuses', async () => {
    replies = { [LOOKUP]: [{ status: 200, body: card }], [REDEEM]: [{ status: 409, body: { ...problem(409, 'insufficient_balance').body, availableCents: 1200 } }] };
    await render();
    await typeCode('k7qd-m2xa');
    await waitForText('Balance: 50,00');
    await typeAmount('50,01');
    await click('Spend this amount');
    await waitForText("more than the card's balance (50,00");
    expect(calls.filter((c) => c.url === REDEEM)).toHaveLength(0);
    await typeAmount('20');
    await click('Spend this amount');
    await waitForText("more than the card's balance (12,00");
  });

  it('undoes a use with its reason, and shows the balance back', async () => {
    const undone: RedemptionOrder = { ...card, card: { amountCents: 5000, balanceCents: 5000, uses: [{ ...use, undoableUntil: null, undone: { at: use.undoableUntil, reason: 'Wrong amount' } }] } };
    replies = { [LOOKUP]: [{ status: 200, body: card }], [REDEEM]: [{ status: 200, body: spent }], [`/api/business/redemptions/uses/${use.id}/undo`]: [{ status: 200, body: undone }] };
    await render();
    await typeCode('k7qd-m2xa');
    await waitForText('Balance: 50,00');
    await typeAmount('18,40');
    await click('Spend this amount');
    await waitForText('Balance left: 31,60');
    await click('Undo the use of 18,40\u00a0€');
    await click('Undo the use');
    await waitForText('Say why the use is undone.');
    await typeAmount('Wrong amount');
    await click('Undo the use');
    await waitForText('Balance left: 50,00');
    expect(dom.container.textContent).toContain('undone (Wrong amount)');
    expect(calls.at(-1)).toEqual({ url: `/api/business/redemptions/uses/${use.id}/undo`, body: { reason: 'Wrong amount' } });
  });
});
