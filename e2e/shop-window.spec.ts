import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { baseURL } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './support/axe';
import { connectTestPayouts, createApprovedBusiness } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { buyGift, createConsumer } from './support/orders';

test.use({ locale: 'es-ES' });

/*
 * Issue 30, the public shop window. A business of the journey's own (real onboarding and
 * approval, payouts connected) sells a gift; a visitor with no account finds it at
 * /gifts?lang=es by category and price, opens the business's page and the gift's page (all
 * server-rendered), and "Send this gift" leads into the signed-in purchase: after signing up
 * the gift goes into the cart from the business in the app, and is bought (guest checkout is
 * not built yet). Then the owner copies the shop link and opens the counter poster.
 */
test('a visitor finds a gift in the public catalogue, opens its business and gift pages, and buys it after signing up; the owner shares the shop', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { businessName } = await createApprovedBusiness(page, request, 'Orxateria del Carme');
  await connectTestPayouts(page);
  const origin = new URL(baseURL).origin;
  const word = `xufa${Date.now().toString(36)}`;
  const giftName = `Orxata per a dos ${word}`;
  const district = await page.request.patch('/api/business/me', { data: { district: 'ciutat_vella' }, headers: { origin } });
  expect(district.status(), await district.text()).toBe(200);
  const created = await page.request.post('/api/business/gifts', {
    data: { name: giftName, description: 'Dos orxates grans amb fartons.', price: '11,50', forTwo: true, validityDays: 120 },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const giftId = ((await created.json()) as { id: string }).id;

  // A visitor with no account and no cookies but the banner's choice.
  const visitor = await browser.newContext({ locale: 'es-ES', baseURL });
  await hideCookieBanner(visitor, baseURL);
  const shopper = await visitor.newPage();
  await shopper.goto('/gifts?lang=es');
  await expect(shopper.locator('html')).toHaveAttribute('lang', 'es');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Regalos de los negocios locales de Valencia' })).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);
  await shopper.getByLabel('Buscar').fill(word);
  await shopper.getByLabel('Categoría').selectOption({ label: 'Bebidas tradicionales' });
  await shopper.getByLabel('Desde (€)').fill('10');
  await shopper.getByLabel('Hasta (€)').fill('12');
  await shopper.getByRole('button', { name: 'Ver regalos' }).click();
  await expect(shopper).toHaveURL(/category=traditional_drinks/);
  await expect(shopper).toHaveURL(/minPrice=10/);
  await expect(shopper.getByTestId('shop-count')).toHaveText('1 regalo');
  // The same filters, another price range: nothing.
  await shopper.getByLabel('Hasta (€)').fill('11');
  await shopper.getByRole('button', { name: 'Ver regalos' }).click();
  await expect(shopper.getByTestId('shop-empty')).toBeVisible();
  await shopper.goBack();
  await expect(shopper.getByTestId('shop-count')).toHaveText('1 regalo');

  // The gift's page, then its business's page, then back to the gift from there.
  await shopper.getByRole('link', { name: giftName }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: giftName })).toBeVisible();
  await shopper.getByRole('link', { name: businessName }).first().click();
  await expect(shopper.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(shopper.getByText('Ciutat Vella')).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);
  await shopper.getByRole('link', { name: giftName }).click();
  await expect(shopper.getByTestId('shop-price')).toHaveText(/11,50\s€/);
  await expect(shopper.getByText('Para dos personas')).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);
  const ld = JSON.parse((await shopper.locator('script[type="application/ld+json"]').textContent())!) as { offers: { price: string; priceCurrency: string } };
  expect(ld.offers).toMatchObject({ price: '11.50', priceCurrency: 'EUR' });

  // Without an account, "Send this gift" asks to sign in; after signing up it leads to the gift.
  await shopper.getByRole('link', { name: 'Enviar este regalo' }).click();
  await expect(shopper).toHaveURL(/\/auth/);
  const giver = await createConsumer(visitor.request, { locale: 'es' });
  await shopper.goBack();
  await shopper.getByRole('link', { name: 'Enviar este regalo' }).click();
  const card = shopper.getByRole('listitem').filter({ hasText: giftName });
  await card.getByRole('button', { name: /Añadir al carrito/ }).click();
  await expect(shopper.getByTestId('cart-count')).toHaveText('1');
  const bought = await buyGift(giver.request, { giftId, recipientName: 'Marta', recipientEmail: `marta.${word}@example.test` });
  expect(bought.giftUrl).toContain('/g/');
  await visitor.close();

  // The owner shares the shop: the link, and the A5 poster whose QR scans to the shop page.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.goto('/business/dashboard?tab=profile');
  const tools = page.getByTestId('shop-tools');
  await expect(tools.getByRole('heading', { name: 'Tu tienda en Regalo' })).toBeVisible();
  const link = await tools.getByTestId('shop-link').inputValue();
  expect(link).toMatch(new RegExp(`^${origin}/b/orxateria-del-carme-[a-z0-9-]+$`));
  await tools.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(tools.getByTestId('shop-snippet')).toHaveValue(new RegExp(`^<a href="${origin}/b/orxateria-del-carme-[a-z0-9-]+\\?lang=es" style="[^"]+">Regala ${businessName}</a>$`));
  const [poster] = await Promise.all([page.waitForEvent('popup'), tools.getByRole('link', { name: 'Cartel A5' }).click()]);
  await expect(poster.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await expect(poster.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  const png = PNG.sync.read(await poster.getByTestId('shop-poster-qr').screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
  await expectNoSeriousA11yViolations(poster);
  // The shop link opens the business's page for anyone.
  const shopPage = await poster.context().newPage();
  await shopPage.goto(link);
  await expect(shopPage.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
});

test('robots.txt and the sitemap are served, and an unknown address answers 404', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Disallow: /g/');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  expect(await sitemap.text()).toContain('/gifts?lang=es</loc>');
  const unknown = await request.get('/no-such-page', { headers: { accept: 'text/html' } });
  expect(unknown.status()).toBe(404);
});
