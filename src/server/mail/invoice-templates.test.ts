import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import { invoiceMailData } from '../money/invoices/invoice-mail-data';
import { sampleInvoice, sampleRectifyingInvoice } from '../testing/invoice-documents';
import { templates } from './templates';

const invoiceUrl = 'https://regalo.example/business/dashboard?tab=payouts&invoice=7d0c5b7e';

describe('invoice email', () => {
  it('tells the owner their invoice for the month is ready, with the link, in Spanish', () => {
    const mail = templates['invoice-issued'](invoiceMailData(sampleInvoice(), 'es', { name: 'Marta', invoiceUrl }), 'es');
    expect(mail.subject).toBe('Tu factura de Regalo de enero de 2027 ya está disponible: Horchatería Santa Catalina S.L.');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain('Hola, Marta:');
    expect(mail.text).toContain('Ya tienes disponible la factura R2027-000012 de la comisión de Regalo de enero de 2027');
    expect(mail.text).toContain(`Total con IVA: ${formatPrice(2831)}`);
    expect(mail.text).toContain(`Ver la factura: ${invoiceUrl}`);
    expect(mail.html).toContain(`href="${invoiceUrl.replaceAll('&', '&amp;')}"`);
  });

  it('tells the owner their invoice for the month is ready, with the link, in English', () => {
    const mail = templates['invoice-issued'](invoiceMailData(sampleInvoice(), 'en', { name: 'Marta', invoiceUrl }), 'en');
    expect(mail.subject).toBe('Your Regalo invoice for January 2027 is ready: Horchatería Santa Catalina S.L.');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain('Hi Marta,');
    expect(mail.text).toContain(`Total including VAT: ${formatPrice(2831)}`);
    expect(mail.text).toContain(`See the invoice: ${invoiceUrl}`);
  });

  it('names the invoice a rectifying invoice corrects', () => {
    for (const locale of ['en', 'es'] as const) {
      const mail = templates['invoice-issued'](invoiceMailData(sampleRectifyingInvoice(), locale, { name: 'Marta', invoiceUrl }), locale);
      expect(mail.subject).toContain('R2027-000031');
      expect(mail.text).toContain('R2027-000012');
      expect(mail.text).toContain(formatPrice(-2614));
    }
  });

  it('says a rectifying invoice by substitution replaces the invoice with the current details, not that it corrects by differences', () => {
    const original = sampleInvoice();
    const substitute = sampleRectifyingInvoice({
      baseCents: original.baseCents,
      vatCents: original.vatCents,
      totalCents: original.totalCents,
      lines: original.lines,
      substitutes: { reason: 'recipient', invoices: [{ fullNumber: 'R2027-000012', issueDate: '2027-02-01', baseCents: original.baseCents, vatCents: original.vatCents, recipient: original.recipient }] },
    });
    const expected = { en: 'It replaces invoice R2027-000012', es: 'Sustituye a la factura R2027-000012', va: 'Substituïx la factura R2027-000012' } as const;
    for (const locale of ['en', 'es', 'va'] as const) {
      const mail = templates['invoice-issued'](invoiceMailData(substitute, locale, { name: 'Marta', invoiceUrl }), locale);
      expect(mail.text, locale).toContain(expected[locale]);
      expect(mail.text, locale).not.toMatch(/difference|diferencias|diferències/);
    }
  });

  it('ends a sentence on a legal name ending in S.L. with one full stop', () => {
    for (const locale of ['en', 'es', 'va'] as const) {
      const mail = templates['invoice-issued'](invoiceMailData(sampleRectifyingInvoice(), locale, { name: 'Marta', invoiceUrl }), locale);
      expect(mail.text, locale).toContain('Horchatería Santa Catalina S.L.');
      expect(mail.text, locale).not.toContain('S.L..');
      expect(mail.html, locale).not.toContain('S.L..');
    }
  });

  it('escapes the names it repeats', () => {
    const invoice = sampleInvoice({ recipient: { name: 'Bar <b>Pepe</b>', taxId: 'B46123456', address: 'C/ Pau 1' } });
    const mail = templates['invoice-issued'](invoiceMailData(invoice, 'es', { name: 'Ana <script>', invoiceUrl }), 'es');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Pepe');
    expect(mail.html).toContain('Ana &lt;script&gt;');
  });
});
