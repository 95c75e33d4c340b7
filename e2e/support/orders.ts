import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import type { RecipientLocale } from '../../src/shared/contracts/checkout-limits';
import { TERMS_VERSION } from '../../src/shared/domain/legal-versions';

/**
 * Orders for journeys, made through the real API exactly as a giver makes them: POST
 * /api/checkouts and the test provider's "succeed" (src/shared/contracts/checkout.ts), by a
 * giver of the test's own (the `giver` fixture), so journeys running in parallel never share
 * state.
 *
 *   test('…', async ({ request, giver, owner }) => {
 *     await signInAs(request, giver);
 *     const { code, giftUrl } = await buyGift(request, { giftId: owner.business!.gifts[0]!.id, recipientName: 'Lucía' });
 *   });
 */

const ORIGIN = new URL(baseURL).origin;
let counter = 0;

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
 * One paid gift for one recipient, bought by the giver `request` is signed in as (see
 * signInAs in fixtures.ts), delivered right after payment. Without `recipientEmail` the
 * recipient gets a phone number instead (at least one is required).
 */
export async function buyGift(
  request: APIRequestContext,
  input: {
    giftId: string;
    recipientName: string;
    recipientEmail?: string;
    recipientPhone?: string;
    recipientLocale?: RecipientLocale;
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
