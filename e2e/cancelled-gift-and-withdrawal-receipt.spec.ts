import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage } from './support/fixtures';
import { buyGift } from './support/orders';

/**
 * A giver withdraws from a gift, on a phone: its recipient's page then says the gift was
 * cancelled and offers nothing to do, and the giver reopening the withdrawal form reads the
 * withdrawal's reference, date and refund first. Axe on both.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a withdrawn gift reads as cancelled to its recipient, and its withdrawal reads as done to the giver', async ({ page, context, baseURL, giver, owner }) => {
  await hideCookieBanner(context, baseURL!);
  await useLanguage(page, 'en');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, giver);
  const gift = await buyGift(page.request, { giftId: owner.business!.gifts[0]!.id, recipientName: 'Maria Josep', recipientEmail: 'maria.josep@example.test' });
  const withdrawn = await page.request.post(`/api/my/withdrawals/${gift.checkoutId}`, {
    headers: { origin: new URL(baseURL!).origin },
    data: { name: giver.name, email: giver.email, orderIds: [gift.orderId], locale: 'en' },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);
  const { reference } = (await withdrawn.json()) as { reference: string };

  await page.goto(`${new URL(gift.giftUrl).pathname}?lang=en`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maria Josep, this gift was cancelled');
  await expect(page.getByTestId('gift-gone')).toBeVisible();
  await expect(page.getByRole('link', { name: /Print|calendar|Call/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/withdraw/${gift.checkoutId}`);
  const past = page.getByTestId('withdrawal-past');
  await expect(past.getByRole('heading', { name: 'You already withdrew' })).toBeVisible();
  await expect(past).toContainText(`Reference ${reference}: withdrawn on`);
  await expect(past).toContainText(/Refund of [\d.,]+\s€: made/);
  await expect(page.getByText(/You may withdraw from this purchase/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
