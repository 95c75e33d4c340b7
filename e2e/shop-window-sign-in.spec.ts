import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, type TestAccount } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

test.use({ language: 'en' });

/*
 * ADR 067: a visitor on a public gift page who presses "Send this gift" lands on the
 * checkout with the gift in the cart, as a guest (ADR 075); choosing to sign in (or sign up)
 * there comes back to the checkout with the gift still in the cart, now the account's.
 * Also the shop's "not found" and "gone" pages pass axe.
 */

/** Opens the owner's first gift's public page from the catalogue, as a visitor would find it. */
async function openGiftPage(page: Page, owner: TestAccount) {
  const gift = owner.business!.gifts[0]!;
  await page.goto(`/gifts?lang=en&q=${encodeURIComponent(gift.name)}`);
  await page.getByRole('link', { name: gift.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: gift.name })).toBeVisible();
  return gift;
}

/** "Send this gift": the checkout, as a guest, with the gift in the cart. */
async function sendAsGuest(page: Page, giftName: string) {
  await page.getByRole('link', { name: 'Send this gift' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-line').getByRole('heading', { name: giftName })).toBeVisible();
  await expect(page.getByTestId('guest-details')).toBeVisible();
  await page.getByTestId('guest-details').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout$/);
  // The address changes before the sign-in page has replaced the checkout (and its email fields).
  await expect(page.getByRole('tablist', { name: 'Sign in or sign up' })).toBeVisible();
}

/** Signed in, back at the checkout: the gift is in the account's cart, and no guest fields. */
async function expectGiftInAccountCheckout(page: Page, giftName: string) {
  // Back from the confirmation link the address also says the email was confirmed.
  await expect(page).toHaveURL(/\/checkout(\?verified=1)?$/);
  await expect(page.getByTestId('checkout-line').getByRole('heading', { name: giftName })).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('guest-details')).toHaveCount(0);
}

test('signing in from the checkout of a public gift keeps the gift in the cart', async ({ page, baseURL, owner, giver }) => {
  await hideCookieBanner(page.context(), baseURL!);
  const gift = await openGiftPage(page, owner);
  await sendAsGuest(page, gift.name);
  await page.getByLabel('Email').fill(giver.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(giver.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectGiftInAccountCheckout(page, gift.name);
});

test('signing up from the checkout of a public gift comes back to it once the email is confirmed', async ({ page, baseURL, owner }) => {
  await hideCookieBanner(page.context(), baseURL!);
  const gift = await openGiftPage(page, owner);
  await sendAsGuest(page, gift.name);
  await page.getByRole('tab', { name: 'Sign up' }).click();
  // The page to come back to stays named on the sign-up tab.
  await expect(page).toHaveURL(/\/auth\?tab=signup&next=%2Fcheckout$/);
  const email = `shop.return.${Date.now().toString(36)}.${test.info().workerIndex}@example.test`;
  await page.getByLabel('Full name').fill('Pau Soler');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('taronges-de-valencia');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = linkIn(await waitForMail(page.request, { to: email }), '/api/auth/verify-email');
  expect(new URL(link, baseURL).searchParams.get('callbackURL')).toBe('/checkout');
  await page.goto(link);
  await expectGiftInAccountCheckout(page, gift.name);
});

test("the shop's not-found and gone pages explain themselves and pass axe", async ({ page, baseURL, owner, browser }) => {
  await hideCookieBanner(page.context(), baseURL!);
  const missing = await page.goto('/b/no-such-business-anywhere?lang=en');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all gifts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The owner takes a gift off sale: its page answers 410 and leads to the business's other gifts.
  const gift = await openGiftPage(page, owner);
  const giftPath = new URL(page.url()).pathname;
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await signInAs(ownerPage, owner);
  const off = await ownerPage.request.patch(`/api/business/gifts/${gift.id}`, { data: { isAvailable: false }, headers: { origin: new URL(baseURL!).origin } });
  expect(off.status(), await off.text()).toBe(200);
  await ownerContext.close();
  const gone = await page.goto(`${giftPath}?lang=en`);
  expect(gone!.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'This gift is not for sale any more' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Gifts from ${owner.business!.name}` }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
