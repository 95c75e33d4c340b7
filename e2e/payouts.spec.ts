import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { createApprovedBusiness } from './support/business-application';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, useLanguage } from './support/fixtures';
import { buyGift } from './support/orders';

/**
 * Money out (ADR 053), in Spanish on a phone: a new business connects its payout account on
 * the test provider's onboarding page, a giver buys its gift, the owner redeems it, the
 * Payouts tab shows the transfer once the transfers job (every minute in the server) has
 * sent it, and the month's statement lists the order, on screen and in the CSV.
 */
test('a new owner connects payouts, sells, redeems, and sees the transfer and the statement', async ({ page, context, baseURL, playwright, giver }) => {
  // The transfers job runs once a minute: the journey waits for it, on the condition.
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  await useLanguage(page, 'es');
  await hideCookieBanner(context, baseURL!);
  const admin = await playwright.request.newContext({ baseURL });
  const { businessName } = await createApprovedBusiness(page, admin, 'Cobros Horchatería');

  // Approved but not payable: the dashboard says the gifts are not on sale, with the one button.
  await page.goto('/business/dashboard?tab=payouts');
  await expect(page.getByRole('heading', { name: 'Conecta tu cuenta de cobros' })).toBeVisible();
  await expect(page.getByText(/tus regalos no están a la venta/i)).toBeVisible();
  await scan(page);
  await page.getByRole('button', { name: 'Conectar cobros' }).click();

  // The test provider's onboarding page: finish it, and land back on the Payouts tab.
  await expect(page).toHaveURL(/\/business\/payouts\/test-onboarding/);
  await page.getByRole('button', { name: 'Completar el alta' }).click();
  await expect(page).toHaveURL(/tab=payouts/);
  await expect(page.getByRole('heading', { name: 'Tu cuenta de cobros está lista' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conectar cobros' })).toHaveCount(0);

  // A gift of its own, bought by a giver of the test's own.
  const created = await page.request.post('/api/business/gifts', {
    headers: { origin },
    data: { name: 'Horchata y fartons para dos', description: 'Dos horchatas grandes con fartons.', price: '25,00' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const gift = (await created.json()) as { id: string };
  const buyer = await playwright.request.newContext({ baseURL });
  await signInAs(buyer, giver);
  const bought = await buyGift(buyer, { giftId: gift.id, recipientName: 'Marta' });
  await buyer.dispose();

  // The transfer waits for the redemption (or the end of the 14 days).
  await page.reload();
  const transfer = page.getByTestId('transfer').filter({ hasText: 'Horchata y fartons para dos' });
  await expect(transfer).toContainText('Programada');
  // 10 % commission on 25,00 € plus its 21 % IVA leaves the business 21,97 €.
  await expect(transfer).toContainText(/21,97\s€/);

  // The owner redeems it at the counter…
  const redeemed = await page.request.post('/api/business/redemptions', { headers: { origin }, data: { code: bought.code } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

  // …and the next run of the transfers job sends the share.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('transfer').filter({ hasText: 'Horchata y fartons para dos' })).toContainText('Enviada', { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  await expect(page.getByText(/En camino/)).toBeVisible();

  // The month's statement lists the payment, the redemption and the transfer.
  const statement = page.locator('.statement-print');
  // On a phone each line is stacked with its amounts named (the table shows from a tablet up).
  const line = (text: string) => statement.getByTestId('stacked-line').filter({ hasText: text });
  await expect(line('Pedido pagado')).toContainText('Horchata y fartons para dos');
  await expect(line('Pedido canjeado')).toBeVisible();
  await expect(line('Transferencia enviada')).toContainText(/-21,97\s€/);
  // The summary cards add up as read, and the month still running closes to date.
  const summary = statement.getByTestId('statement-balance');
  await expect(summary.locator('[data-summary="paidShare"]')).toContainText(/21,97\s€/);
  await expect(summary.locator('[data-summary="transferred"]')).toContainText(/-21,97\s€/);
  await expect(summary.locator('[data-summary="closing"]')).toContainText('Saldo a fecha de hoy');
  await expect(statement).not.toContainText('-0,00');
  await scan(page);

  // The CSV for the accountant: BOM, `;`, decimal comma, dd/mm/yyyy, the columns in Spanish.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^regalo-extracto-cobros-horchateria-[a-z0-9-]+-\d{4}-\d{2}\.csv$/);
  const csv = (await (await page.request.get(new URL(file.url()).pathname + new URL(file.url()).search)).body()).toString('utf8');
  expect(csv.startsWith('\uFEFFFecha;Concepto;Pedido;Regalo;Importe bruto;Comisión;IVA de la comisión;Tu parte;Movimiento del saldo;Saldo\r\n')).toBe(true);
  expect(csv).toMatch(new RegExp(`\\r\\n\\d{2}/\\d{2}/\\d{4};Pedido pagado;${bought.orderId};Horchata y fartons para dos;25,00;2,50;0,53;21,97;21,97;`));
  expect(csv).toMatch(new RegExp(`\\r\\n\\d{2}/\\d{2}/\\d{4};Transferencia enviada;${bought.orderId};Horchata y fartons para dos;;;;;-21,97;`));
  expect(businessName).toContain('Cobros Horchatería');
  await admin.dispose();
});
