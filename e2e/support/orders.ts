import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { TERMS_VERSION } from '../../src/shared/domain/legal-versions';
import { linkIn, waitForMail } from './mailbox';

/**
 * Orders for journeys, made through the real API exactly as a giver makes them: sign-up,
 * the emailed confirmation link, POST /api/checkouts and the test provider's "succeed"
 * (src/shared/contracts/checkout.ts). Each call uses its own unique addresses, so journeys
 * running in parallel never share state.
 *
 *   test('…', async ({ request }) => {
 *     const giver = await createConsumer(request);
 *     const { code, giftUrl } = await buyGift(request, { giftId, recipientName: 'Lucía' });
 *   });
 *
 * `request` is signed in as the new consumer afterwards (its cookie jar holds the session);
 * pass `giver.cookies` to `context.addCookies` to sign a browser in as them too.
 */

const ORIGIN = new URL(baseURL).origin;
const PASSWORD = 'regalo-e2e-giver-2026';
let counter = 0;

export interface Consumer {
  request: APIRequestContext;
  email: string;
  password: string;
  name: string;
  cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];
}

export async function createConsumer(
  request: APIRequestContext,
  options: { name?: string; locale?: 'en' | 'es' } = {},
): Promise<Consumer> {
  counter += 1;
  const email = `giver.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`;
  const name = options.name ?? 'Clara Puig';
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: ORIGIN, ...(options.locale ? { 'x-regalo-locale': options.locale } : {}) },
    data: { name, email, password: PASSWORD, callbackURL: '/app' },
  });
  expect(signUp.ok(), `sign-up answered ${signUp.status()}: ${await signUp.text()}`).toBe(true);
  // The confirmation link answers 302 with the session cookie, which this context keeps.
  const link = linkIn(await waitForMail(request, { to: email }), '/api/auth/verify-email');
  const confirmed = await request.get(link, { maxRedirects: 0 });
  expect(confirmed.status(), `confirmation answered ${confirmed.status()}`).toBe(302);
  const orders = await request.get('/api/my/orders');
  expect(orders.status(), 'the new consumer is signed in').toBe(200);
  return { request, email, password: PASSWORD, name, cookies: (await request.storageState()).cookies };
}

export interface BoughtGift {
  checkoutId: string;
  orderId: string;
  /** The redemption code (the last part of giftUrl). */
  code: string;
  /** `${PUBLIC_URL}/g/<code>`, the recipient's gift page. */
  giftUrl: string;
  /** The code to type at the counter, as the gift page shows it ("K7QD-M2XA"). */
  typedCode: string;
}

/**
 * One paid gift for one recipient, bought by the consumer `request` is signed in as (see
 * createConsumer), delivered right after payment. Without `recipientEmail` the recipient
 * gets a phone number instead (at least one is required).
 */
export async function buyGift(
  request: APIRequestContext,
  input: {
    giftId: string;
    recipientName: string;
    recipientEmail?: string;
    recipientPhone?: string;
    recipientLocale?: 'en' | 'es';
    personalMessage?: string;
  },
): Promise<BoughtGift> {
  counter += 1;
  const created = await request.post('/api/checkouts', {
    headers: { origin: ORIGIN },
    data: {
      idempotencyKey: `e2e_${Date.now().toString(36)}_${process.pid}_${counter}`,
      acceptedTermsVersion: TERMS_VERSION,
      lines: [
        {
          giftId: input.giftId,
          recipientName: input.recipientName,
          recipientEmail: input.recipientEmail ?? null,
          recipientPhone: input.recipientPhone ?? (input.recipientEmail ? null : '+34 600 000 000'),
          personalMessage: input.personalMessage ?? null,
          recipientLocale: input.recipientLocale ?? 'es',
          delivery: { kind: 'now' },
        },
      ],
    },
  });
  expect(created.status(), `checkout answered ${created.status()}: ${await created.text()}`).toBe(201);
  const checkout = (await created.json()) as { id: string; lines: { orderId: string }[] };
  const paid = await request.post(`/api/payments/test/${checkout.id}/succeed`, { headers: { origin: ORIGIN } });
  expect(paid.status(), `payment answered ${paid.status()}: ${await paid.text()}`).toBe(200);
  const orderId = checkout.lines[0]!.orderId;
  const list = (await (await request.get('/api/my/orders')).json()) as { items: { id: string; giftUrl: string | null }[] };
  const giftUrl = list.items.find((o) => o.id === orderId)?.giftUrl;
  expect(giftUrl, 'the paid order has a gift link').toBeTruthy();
  const code = decodeURIComponent(new URL(giftUrl!).pathname.split('/').pop()!);
  return { checkoutId: checkout.id, orderId, code, giftUrl: giftUrl!, typedCode: await typedCodeOn(request, new URL(giftUrl!).pathname) };
}

/** The code to type at the counter, read from the recipient's gift page as a person would. */
export async function typedCodeOn(request: APIRequestContext, giftPath: string): Promise<string> {
  const page = await (await request.get(giftPath)).text();
  const typedCode = /data-testid="typed-code">([^<]+)</.exec(page)?.[1];
  expect(typedCode, 'the gift page shows a code to type').toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  return typedCode!;
}
