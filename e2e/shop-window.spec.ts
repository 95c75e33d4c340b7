import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { baseURL } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './support/axe';
import { connectTestPayouts, createApprovedBusiness } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { linkIn, waitForMail } from './support/mailbox';

test.use({ locale: 'es-ES' });

/*
 * ADR 067, the public shop window. A business of the journey's own (real onboarding and
 * approval, payouts connected) sells a gift; a visitor with no account finds it at
 * /gifts?lang=es by category and price, opens the business's page and the gift's page (all
 * server-rendered), and "Send this gift" leads to the checkout as a guest: name and email,
 * the recipient, the test payment, the receipt with its purchase link, the gift to the
 * recipient, and the purchase page. Then the owner copies the shop link and opens the poster.
 */
test('a visitor finds a gift in the public catalogue, opens its business and gift pages, and buys it as a guest; the owner shares the shop', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { businessName } = await createApprovedBusiness(page, request, 'Orxateria del Carme');
  await connectTestPayouts(page);
  const origin = new URL(baseURL).origin;
  // Random, not a time: the search forgives near misses (word_similarity), and another run's
  // `xufa<time>` would be one.
  const word = `xufa${randomUUID().slice(0, 8)}`;
  const giftName = `Orxata per a dos ${word}`;
  const district = await page.request.patch('/api/business/me', { data: { district: 'ciutat_vella' }, headers: { origin } });
  expect(district.status(), await district.text()).toBe(200);
  const created = await page.request.post('/api/business/gifts', {
    data: { name: giftName, description: 'Dos orxates grans amb fartons.', price: '11,50', forTwo: true, validityDays: 120 },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);

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

  // Without an account, "Send this gift" leads straight to the checkout as a guest (ADR 075).
  await shopper.getByRole('link', { name: 'Enviar este regalo' }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  const line = shopper.getByTestId('checkout-line');
  await expect(line.getByRole('heading', { name: giftName })).toBeVisible();
  await expect(shopper.getByTestId('checkout-total')).toHaveText(/11,50\s€/);
  const buyerEmail = `ana.${word}@example.test`;
  const recipientEmail = `marta.${word}@example.test`;
  // Paying without a name and an email is refused on the page, with the reasons.
  await shopper.getByRole('button', { name: /^Ir al pago/ }).click();
  await expect(shopper.getByLabel('Tu nombre')).toHaveAttribute('aria-invalid', 'true');
  await shopper.getByLabel('Tu nombre').fill('Ana Ferrer');
  await shopper.getByLabel('Tu correo electrónico').fill(buyerEmail);
  await line.getByLabel('Nombre de quien lo recibe').fill('Marta');
  await line.getByLabel('Correo de quien lo recibe').fill(recipientEmail);
  await line.getByLabel('Mensaje personal (opcional)').fill('¡Para el verano!');
  await expectNoSeriousA11yViolations(shopper);
  await shopper.getByRole('button', { name: /^Ir al pago · 11,50\s€$/ }).click();
  await expect(shopper).toHaveURL(/\/checkout\/[^/]+\/pay$/);
  await shopper.getByRole('button', { name: /^Pagar 11,50\s€ \(prueba\)$/ }).click();
  await expect(shopper.getByRole('heading', { name: '¡Gracias! Tu regalo está en camino' })).toBeVisible();
  await expect(shopper.getByTestId('guest-purchase-note')).toBeVisible();

  // The receipt reaches the guest with the link to the purchase; Marta gets her gift.
  const receipt = await waitForMail(visitor.request, { to: buyerEmail });
  expect(receipt.subject).toMatch(/^Tu compra en Regalo: 11,50\s€$/);
  const purchaseLink = linkIn(receipt, '/purchase/');
  const giftMail = await waitForMail(visitor.request, { to: recipientEmail });
  const giftLink = linkIn(giftMail, '/g/');

  // The purchase page: what "My orders" offers, without an account.
  await shopper.goto(purchaseLink);
  await expect(shopper.getByRole('heading', { level: 1, name: 'Tu compra' })).toBeVisible();
  await expect(shopper.getByTestId('purchase-lead')).toContainText(buyerEmail);
  const order = shopper.getByTestId('my-order');
  await expect(order).toContainText(giftName);
  await expect(order.getByRole('link', { name: 'Abrir la página del regalo' })).toHaveAttribute('href', new URL(giftLink).pathname);
  await expect(order.getByRole('link', { name: /Compartir por WhatsApp/ })).toBeVisible();
  await expect(shopper.getByTestId('purchase-withdrawal').getByRole('link', { name: 'Desistir del contrato aquí' })).toHaveAttribute('href', /^\/withdraw\/link\//);
  await expectNoSeriousA11yViolations(shopper);
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
