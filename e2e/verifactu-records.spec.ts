import { expect, signInAs, test } from './support/fixtures';
import { hideCookieBanner } from './support/consent';

/**
 * An admin of their own (made for this test) opens the VERI*FACTU records in the admin's
 * Payouts tab and sees the state of the demo's last-month invoice's registration record:
 * waiting to be sent, since the e2e server runs with VERIFACTU_DRIVER=off. They filter by
 * that state, and open the invoice's printable page from the issued invoices. Reading only.
 */
test.use({ language: 'en' });

function lastMonth(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

test("the admin opens the VERI*FACTU records and sees a record's state", async ({ page, context, baseURL, admin }) => {
  await hideCookieBanner(context, baseURL!);
  await signInAs(page, admin);

  // The invoicing job runs as the server starts; last month's demo invoice is there once it has.
  let invoice: { id: string; fullNumber: string } | undefined;
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/admin/invoices')).json()) as { invoices: { id: string; fullNumber: string; period: string; type: string; cancelledAt: string | null }[] };
      invoice = list.invoices.find((i) => i.period === lastMonth() && i.type === 'F1' && !i.cancelledAt);
      return invoice?.fullNumber ?? null;
    })
    .not.toBeNull();

  await page.goto('/admin?tab=payouts');
  const records = page.getByTestId('verifactu-records');
  await expect(records.getByRole('heading', { name: 'VERI*FACTU records' })).toBeVisible();
  await expect(records.getByTestId('verifactu-queue')).toContainText('Sending is off (VERIFACTU_DRIVER=off)');

  await records.getByLabel('State').selectOption('pending');
  const row = records.getByTestId('verifactu-record').filter({ hasText: invoice!.fullNumber }).filter({ hasText: 'Registration' });
  await expect(row).toContainText('Waiting to be sent');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');

  // The same invoice opens as its printable page from the issued invoices.
  const issued = page.getByTestId('admin-invoices').getByRole('listitem').filter({ hasText: invoice!.fullNumber }).first();
  const [invoicePage] = await Promise.all([context.waitForEvent('page'), issued.getByRole('link', { name: `Open invoice ${invoice!.fullNumber}` }).click()]);
  await invoicePage.waitForLoadState();
  await expect(invoicePage.getByText(invoice!.fullNumber).first()).toBeVisible();
  await invoicePage.close();
});
