import { expectNoSeriousA11yViolations } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';

test.use({ language: 'en' });

/*
 * A giver with an account buys as a guest (the address typed in capitals), opens the
 * receipt's purchase link, signs in from it and comes back to it, and adds the purchase to
 * the account with one click: it is then in "My orders". Signing in alone moves nothing
 * (ADR 075 as amended: claiming is by the link's holder only).
 */
test('a giver who bought as a guest adds the purchase to their account from its page and finds it in My orders', async ({ page, baseURL, owner, giver }) => {
  test.setTimeout(180_000);
  await hideCookieBanner(page.context(), baseURL!);
  const gift = owner.business!.gifts[0]!;
  const recipientEmail = `marta.${Date.now().toString(36)}.${test.info().workerIndex}@example.test`;

  await page.goto(`/gifts?lang=en&q=${encodeURIComponent(gift.name)}`);
  await page.getByRole('link', { name: gift.name }).first().click();
  await page.getByRole('link', { name: 'Send this gift' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const guest = page.getByTestId('guest-details');
  await guest.getByLabel('Your name').fill('Pau Soler');
  await guest.getByLabel('Your email').fill(giver.email.toUpperCase());
  const line = page.getByTestId('checkout-line');
  await line.getByLabel("Recipient's name").fill('Marta');
  await line.getByLabel("Recipient's email").fill(recipientEmail);
  await page.getByRole('button', { name: /^Go to payment/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  await page.getByRole('button', { name: /^Pay .+ \(test\)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your gift is on its way' })).toBeVisible();

  // The receipt's link: signed out, the page says how to add the purchase to an account.
  const receipt = await waitForMail(page.request, { to: giver.email });
  await page.goto(linkIn(receipt, '/purchase/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your purchase' })).toBeVisible();
  const account = page.getByTestId('purchase-account');
  await expect(account).toContainText(`sign in with ${giver.email.toUpperCase()}`);
  await expect(account.getByRole('button', { name: 'Add to my account' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Signing in from there comes back to the purchase; nothing has moved yet.
  await account.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fpurchase%2F/);
  await page.getByLabel('Email').fill(giver.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(giver.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/purchase\/[^/]+$/);
  const add = account.getByRole('button', { name: 'Add to my account' });
  await expect(add).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await add.click();
  await expect(account.getByRole('status')).toHaveText('This purchase is in "My orders" of your account.');
  await account.getByRole('link', { name: 'Go to My orders' }).click();
  await expect(page).toHaveURL(/\/app\?tab=orders$/);
  await expect(page.getByTestId('my-order').filter({ hasText: gift.name }).filter({ hasText: 'Marta' })).toBeVisible();
});
