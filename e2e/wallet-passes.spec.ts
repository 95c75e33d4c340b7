import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { buyGift } from './support/orders';

/**
 * A gift in the phone's wallet (ADR 107): a giver pays with the test card, the recipient's
 * email and gift page offer "Add to Apple Wallet" and "Add to Google Wallet", the pass
 * downloads as a signed `.pkpass` and the Google link leads to Google's save page. The e2e
 * server runs with the demo's throwaway wallet keys (WALLET_DEMO=on), so the buttons say
 * they are demo passes.
 */
test('the recipient keeps the gift in Apple Wallet or Google Wallet, from the email and the gift page', async ({ page, request, giver, owner, baseURL, context }) => {
  await hideCookieBanner(context, baseURL!);
  await signInAs(request, giver);
  const recipientEmail = `wallet-${Date.now().toString(36)}@example.test`;
  const { giftUrl } = await buyGift(request, { giftId: owner.business!.gifts[0]!.id, recipientName: 'Amparo', recipientEmail, recipientLocale: 'es' });
  const giftPath = new URL(giftUrl).pathname;

  // The gift email carries both links, to the same addresses as the page's buttons.
  const mail = await waitForMail(request, { to: recipientEmail });
  expect(mail.text).toContain('Guárdalo en Apple Wallet (iPhone):');
  expect(linkIn(mail, '/wallet/apple.pkpass')).toBe(`${giftUrl}/wallet/apple.pkpass`);
  expect(linkIn(mail, '/wallet/google')).toBe(`${giftUrl}/wallet/google`);

  await page.goto(giftPath);
  const wallet = page.getByTestId('wallet-buttons');
  await expect(page.getByRole('heading', { name: 'Guárdalo en el móvil' })).toBeVisible();
  const apple = wallet.getByRole('link', { name: 'Añadir a Apple Wallet' });
  const google = wallet.getByRole('link', { name: 'Añadir a Google Wallet' });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  await expect(wallet.getByText('(pase de demostración)').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A click downloads the pass; its answer is a signed pass (a zip) of Wallet's type.
  const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
  expect(download.suggestedFilename()).toBe('regalo-gift.pkpass');
  const pass = await page.request.get((await apple.getAttribute('href'))!);
  expect(pass.status()).toBe(200);
  expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
  expect((await pass.body()).subarray(0, 2).toString('latin1')).toBe('PK');

  // Google's button leads to Google's save page with the signed object.
  const save = await page.request.get((await google.getAttribute('href'))!, { maxRedirects: 0 });
  expect(save.status()).toBe(303);
  expect(save.headers()['location']).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

  // In the other languages too, with a keyboard.
  for (const [language, appleText, googleText] of [
    ['en', 'Add to Apple Wallet', 'Add to Google Wallet'],
    ['va', 'Afegir a Apple Wallet', 'Afegir a Google Wallet'],
  ] as const) {
    await page.goto(`${giftPath}?lang=${language}`);
    await expect(page.getByRole('link', { name: appleText })).toBeVisible();
    await page.getByRole('link', { name: googleText }).focus();
    await expect(page.getByRole('link', { name: googleText })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  }
});
