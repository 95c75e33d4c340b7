import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test } from './support/fixtures';
import { buyGift } from './support/orders';

/**
 * The counter without the app's scanner, in Valencian on a phone: the owner points the phone's
 * camera app at a gift's QR code, which opens the recipient's page. Signed in as the gift's
 * business, that page offers "Redeem this gift": the dashboard's own confirmation, with the
 * code handed over. Anyone else sees the recipient's page as it is. Then the app's scanner
 * without a camera goes straight to the code field.
 */
test.use({ language: 'va' });

const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

test('the owner opens a scanned gift page and redeems it once from there', async ({ page, context, baseURL, request, giver, owner }) => {
  const recipient = `Maria Josep ${Date.now().toString(36)}`;
  await signInAs(request, giver);
  const gift = await buyGift(request, { giftId: owner.business!.gifts[0]!.id, recipientName: recipient });
  // What the phone's camera app opens: the QR's own address.
  const giftPath = new URL(gift.giftUrl).pathname;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(context, baseURL!);
  // The owner's phone speaks Valencian (the language the app stores for every page).
  await context.addCookies([{ name: 'regalo-language', value: 'va', url: baseURL! }]);

  // The giver, signed in, and an anonymous visitor see the recipient's page only.
  const asGiver = await request.get(giftPath);
  expect(asGiver.status()).toBe(200);
  expect(await asGiver.text()).not.toContain('data-testid="owner-redeem"');
  await page.goto(giftPath);
  await expect(page.getByTestId('gift-status')).toContainText('A punt per a gaudir-lo');
  await expect(page.getByRole('link', { name: 'Bescanviar este regal' })).toHaveCount(0);

  // Signed in as the gift's business (as on the counter's phone), the page offers to redeem.
  await signInAs(page, owner);
  const response = await page.goto(giftPath);
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  expect(response!.headers().vary?.toLowerCase()).toContain('cookie');
  const offer = page.getByTestId('owner-redeem');
  await expect(offer.getByRole('heading', { name: `${owner.business!.name}: este regal és del teu negoci` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await offer.getByRole('link', { name: 'Bescanviar este regal' }).click();

  // The dashboard's confirmation, the code already looked up; the address no longer holds it.
  const card = page.getByTestId('redeem-card');
  await expect(card.getByRole('heading', { name: 'Comprova el regal' })).toBeFocused();
  await expect(card).toContainText('Llest per a bescanviar');
  await expect(card).toContainText(recipient);
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('tab', { name: 'Bescanviar' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Confirmar el bescanvi' }).click();
  await expect(page.getByTestId('redeem-success').getByRole('heading', { name: 'Regal bescanviat' })).toBeFocused();

  // The gift page now says it was enjoyed and offers nothing more; the same hand-over again
  // (a second tap, another phone) is refused as already redeemed.
  await page.goto(giftPath);
  await expect(page.getByTestId('gift-status')).toContainText('Ja gaudit');
  await expect(page.getByTestId('owner-redeem')).toHaveCount(0);
  await page.goto(`/business/dashboard?tab=redeem#code=${encodeURIComponent(gift.code)}`);
  await expect(card.getByRole('alert')).toContainText('Este regal ja es va bescanviar el');
  await expect(card.getByRole('button', { name: 'Confirmar el bescanvi' })).toHaveCount(0);

  // No camera on this browser: the scanner closes at once and the code field takes the focus.
  await card.getByRole('button', { name: 'Bescanviar un altre regal' }).click();
  await page.getByRole('button', { name: 'Escanejar el QR' }).click();
  await expect(page.getByRole('alert')).toContainText('Escriu el codi.');
  await expect(page.getByTestId('qr-scanner')).toHaveCount(0);
  await expect(page.getByLabel('Codi de davall del QR (per exemple K7QD-M2XA)')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});
