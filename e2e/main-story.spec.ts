import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { buyGift } from './support/orders';

/**
 * The story Regalo exists for, across three people: a giver pays for a gift (set up through
 * the API: e2e/checkout.spec.ts walks the checkout screens), the recipient opens it from the
 * email with no account, in Spanish, and the business redeems it at the counter exactly
 * once. The gift page then says it was enjoyed and the giver hears about it. The giver and
 * the business (one like the demo owner's) are the test's own: the demo orders never change.
 */
test('a giver pays, the recipient opens the gift from the email, the business redeems it once', async ({ browser, baseURL, playwright, giver: consumer, owner: shop }) => {
  const origin = new URL(baseURL!).origin;
  const run = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const recipientEmail = `marta.${run}@example.test`;

  // 1. The giver pays for the business's horchata for two (its first gift, as the demo's).
  const giver = await playwright.request.newContext({ baseURL });
  await signInAs(giver, consumer);
  const bought = await buyGift(giver, {
    giftId: shop.business!.gifts[0]!.id,
    recipientName: 'Marta Soler',
    recipientEmail,
    recipientLocale: 'es',
    personalMessage: '¡Feliz cumpleaños, Marta!',
  });

  // 2. The recipient's email arrives in Spanish with the link to the gift page.
  const mail = await waitForMail(giver, { to: recipientEmail });
  const link = linkIn(mail, '/g/');
  expect(new URL(link).pathname).toBe(`/g/${bought.code}`);

  // …which opens with no account, in a browser that has never seen Regalo.
  const recipientContext = await browser.newContext({ locale: 'es-ES' });
  const recipient = await recipientContext.newPage();
  await recipient.goto(new URL(link).pathname);
  await expect(recipient.getByText('Listo para disfrutar')).toBeVisible();
  await expect(recipient.getByText('¡Feliz cumpleaños, Marta!')).toBeVisible();
  // The code to read out at the counter, on the page and in the email.
  await expect(recipient.getByTestId('typed-code')).toHaveText(bought.typedCode);
  expect(mail.text).toContain(bought.typedCode);
  await expect(recipient.locator('svg').first()).toBeVisible();

  // 3. At the counter the owner types the code read out to them and confirms.
  const ownerContext = await browser.newContext();
  await hideCookieBanner(ownerContext, baseURL!);
  const owner = await ownerContext.newPage();
  await useLanguage(owner, 'es');
  await signInAs(owner, shop);
  await owner.goto('/business/dashboard?tab=redeem');
  const field = owner.getByLabel('Código bajo el QR (por ejemplo K7QD-M2XA)');
  await field.fill(bought.typedCode.toLowerCase());
  await field.press('Enter');
  const card = owner.getByTestId('redeem-card');
  await expect(card).toContainText('Marta Soler');
  await card.getByRole('button', { name: 'Confirmar el canje' }).click();
  await expect(owner.getByTestId('redeem-success').getByRole('heading', { name: 'Regalo canjeado' })).toBeVisible();

  // 4. The gift page now says it was enjoyed; a second redemption is refused.
  await recipient.reload();
  await expect(recipient.getByText('Ya disfrutado')).toBeVisible();
  await expect(recipient.getByText('Listo para disfrutar')).toHaveCount(0);
  const again = await owner.request.post('/api/business/redemptions', { data: { code: bought.typedCode }, headers: { origin } });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('order_already_redeemed');

  // 5. The giver hears that the gift was enjoyed, and "my orders" shows it redeemed.
  await waitForMail(giver, { to: consumer.email, subject: /disfrutado/ });
  const orders = (await (await giver.get('/api/my/orders')).json()) as { items: { id: string; status: string }[] };
  expect(orders.items.find((o) => o.id === bought.orderId)?.status).toBe('redeemed');

  await Promise.all([recipientContext.close(), ownerContext.close(), giver.dispose()]);
});
