import { decodeQr } from '../src/server/testing/decode-qr';
import { rasterisePdfPage } from '../src/server/testing/read-pdf';
import { hideCookieBanner } from './support/consent';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './support/fixtures';

/**
 * The demo owner, in Spanish, opens last month's commission invoice from the Payouts tab
 * (the demo has a sale in the middle of last month, and the invoicing job issues it when the
 * server starts), then downloads its PDF; the PDF's tax QR decodes to the AEAT's check URL
 * with this invoice's values. Reading only: the shared demo business is not changed.
 */
test.use({ language: 'es' });

function lastMonth(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

test("the owner opens last month's invoice and downloads its PDF, whose QR is the AEAT's check URL", async ({ page, context, baseURL }) => {
  await hideCookieBanner(context, baseURL!);
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: DEMO_ACCOUNTS.owner, password: DEMO_PASSWORD }, headers: { origin: baseURL! } });
  expect(signIn.status()).toBe(200);

  // The job runs as the server starts; the invoice is there once it has.
  let invoice: { id: string; fullNumber: string; period: string; type: string } | undefined;
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/business/invoices')).json()) as { invoices: (typeof invoice & object)[] };
      invoice = list.invoices.find((i) => i.period === lastMonth() && i.type === 'F1');
      return invoice?.fullNumber ?? null;
    })
    .not.toBeNull();

  await page.goto('/business/dashboard?tab=payouts');
  const card = page.getByTestId('business-invoices');
  const row = card.getByRole('listitem').filter({ hasText: invoice!.fullNumber });
  await expect(row).toContainText('Factura');

  // "Abrir" opens the printable invoice in a new tab.
  const [invoicePage] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: `Abrir ${invoice!.fullNumber}` }).click()]);
  await invoicePage.waitForLoadState();
  await expect(invoicePage.getByText(invoice!.fullNumber).first()).toBeVisible();
  await expect(invoicePage.getByText('VERI*FACTU').first()).toBeVisible();
  await invoicePage.close();

  // The PDF downloads with its number in the file name.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `PDF ${invoice!.fullNumber}` }).click()]);
  expect(download.suggestedFilename()).toBe(`Factura-${invoice!.fullNumber}.pdf`);
  const pdf = await (await page.request.get(`/api/business/invoices/${invoice!.id}/pdf`)).body();

  const document = (await (await page.request.get(`/api/business/invoices/${invoice!.id}`)).json()) as { issuer: { taxId: string }; fullNumber: string; issueDate: string; totalCents: number };
  const decoded = decodeQr(await rasterisePdfPage(new Uint8Array(pdf)));
  const url = new URL(decoded.text);
  expect(`${url.origin}${url.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
  const [y, m, d] = document.issueDate.split('-');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    nif: document.issuer.taxId,
    numserie: document.fullNumber,
    fecha: `${d}-${m}-${y}`,
    importe: String(document.totalCents / 100),
  });
});
