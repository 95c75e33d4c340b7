import { formatPrice } from '@shared/format';
import { describe, expect, it } from 'vitest';
import { decodeQr } from '../../testing/decode-qr';
import { sampleInvoice, sampleRectifyingInvoice } from '../../testing/invoice-documents';
import { pdfText, rasterisePdfPage } from '../../testing/read-pdf';
import { buildVerifactuQrUrl } from './build-verifactu-qr-url';
import { QR_QUIET_ZONE_MODULES } from './invoice-qr';
import { invoicePdfFileName, pdfSafe, renderInvoicePdf } from './render-invoice-pdf';

/** Intl writes a no-break space before `€`; PDF.js gives items split by spaces. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('renderInvoicePdf', () => {
  it('prints the commission invoice: number, dates, parties, lines, base, IVA, total and the legend', async () => {
    const invoice = sampleInvoice();
    const pdf = await renderInvoicePdf(invoice, 'es', { verifactuDriver: 'aeat' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    const page = squash(text);
    for (const expected of [
      'QR tributario:',
      'Factura verificable en la sede electrónica de la AEAT',
      'VERI*FACTU',
      'Factura',
      'Número de factura R2027-000012',
      'Fecha de expedición 1 feb 2027',
      'Periodo facturado enero de 2027',
      'EMISOR',
      'Regalo Valencia S.L.',
      'NIF: B98765432',
      'DESTINATARIO',
      'Horchatería Santa Catalina S.L.',
      'NIF: B46123456',
      'Plaça de Santa Caterina 6',
      'Comisión del pedido de «Horchata para dos» (12 %) a1b2c3d4 1,80 €',
      'Comisión del pedido de «Fartons & chocolate» (12 %) e5f6a7b8 21,60 €',
      'Base imponible 23,40 €',
      'IVA 21 % 4,91 €',
      'Total factura 28,31 €',
    ]) {
      expect(page).toContain(expected);
    }
    expect(page).not.toContain('rectificativa');
    expect(page).not.toContain('anulada');
    expect(page).not.toContain('Invoice');
  });

  it("prints each line's full order id on one line, not wrapped over three", async () => {
    const ids = ['6f1c2a9e-3b7d-4c58-9e21-0a4b5c6d7e8f', 'd2e3f4a5-b6c7-4d8e-9f01-23456789abcd'];
    const invoice = sampleInvoice({
      lines: [
        { description: 'Comisión del pedido de «Horchata para dos» (12 %)', orderId: ids[0], baseCents: 180 },
        { description: 'Comisión del pedido de «Fartons & chocolate» (12 %)', orderId: ids[1], baseCents: 2160 },
      ],
    });
    const { text } = await pdfText(await renderInvoicePdf(invoice, 'es', { verifactuDriver: 'aeat' }));
    const page = squash(text);
    for (const id of ids) expect(page).toContain(id);
    expect(page).toContain(`Comisión del pedido de «Horchata para dos» (12 %) ${ids[0]} 1,80 €`);
  });

  it('draws a QR code that decodes to the AEAT check URL, 30–40 mm on paper with a 4-module quiet zone', async () => {
    const invoice = sampleInvoice();
    const pdf = await renderInvoicePdf(invoice, 'es', { verifactuDriver: 'aeat' });
    const qr = decodeQr(await rasterisePdfPage(pdf, 1, 150));
    expect(qr.text).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B98765432&numserie=R2027-000012&fecha=01-02-2027&importe=28.31');
    expect(qr.symbolMm).toBeGreaterThanOrEqual(30);
    expect(qr.symbolMm).toBeLessThanOrEqual(40);
    expect((qr.symbolMm * (qr.modules + 2 * QR_QUIET_ZONE_MODULES)) / qr.modules).toBeLessThanOrEqual(40);
    expect(qr.quietZoneClear).toBe(true);
  });

  it('points the QR at the AEAT’s test site unless records go to the AEAT itself', async () => {
    const invoice = sampleInvoice();
    for (const driver of ['off', 'aeat-test'] as const) {
      const qr = decodeQr(await rasterisePdfPage(await renderInvoicePdf(invoice, 'es', { verifactuDriver: driver }), 1, 150));
      expect(qr.text).toBe(buildVerifactuQrUrl({ nif: 'B98765432', numSerie: 'R2027-000012', issueDate: '2027-02-01', totalCents: 2831 }, 'test'));
    }
  });

  it('prints a rectifying invoice by differences with the invoice it corrects, and a cancellation', async () => {
    const invoice = sampleRectifyingInvoice({ cancelledAt: '2027-03-02T10:00:00Z' });
    const pdf = await renderInvoicePdf(invoice, 'es', { verifactuDriver: 'aeat' });
    const page = squash((await pdfText(pdf)).text);
    expect(page).toContain('Factura rectificativa');
    expect(page).toContain('Factura rectificada R2027-000012 de 1 feb 2027');
    expect(page).toContain('Tipo de rectificación Rectificativa por diferencias');
    expect(page).toContain('-21,60 €');
    expect(page).toContain('IVA 21 % -4,54 €');
    expect(page).toContain('Total factura -26,14 €');
    expect(page).toContain('Factura anulada el 2 mar 2027');
    const qr = decodeQr(await rasterisePdfPage(pdf, 1, 150));
    expect(qr.text).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B98765432&numserie=R2027-000031&fecha=01-03-2027&importe=-26.14');
  });

  it('prints a rectifying invoice by substitution: what it rectifies, how, why, what those invoices said, and the full corrected amounts', async () => {
    const original = sampleInvoice();
    const invoice = sampleInvoice({
      id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c003',
      type: 'R1',
      series: 'RR2027',
      number: 4,
      fullNumber: 'RR2027-000004',
      issueDate: '2027-03-05',
      recipient: { ...original.recipient, name: 'Horchatería Nueva S.L.' },
      corrects: { fullNumber: original.fullNumber, issueDate: original.issueDate },
      substitutes: { reason: 'recipient', invoices: [{ fullNumber: original.fullNumber, issueDate: original.issueDate, baseCents: original.baseCents, vatCents: original.vatCents, recipient: original.recipient }] },
    });
    const page = squash((await pdfText(await renderInvoicePdf(invoice, 'es', { verifactuDriver: 'aeat' }))).text);
    for (const expected of [
      'Factura rectificativa',
      'RR2027-000004',
      'Factura rectificada R2027-000012 de 1 feb 2027',
      'Tipo de rectificación Rectificativa por sustitución',
      'Motivo de la rectificación Corrección de los datos del destinatario (art. 15 del Reglamento de facturación)',
      `Importes de la factura rectificada Base imponible ${formatPrice(original.baseCents)}; IVA ${formatPrice(original.vatCents)}`,
      `Destinatario que constaba ${original.recipient.name}, NIF ${original.recipient.taxId}`,
      'Horchatería Nueva S.L.',
      `Total factura ${formatPrice(original.totalCents)}`,
    ]) {
      expect(page).toContain(squash(expected));
    }
    // And the invoice it replaced says by which one.
    const replaced = squash((await pdfText(await renderInvoicePdf({ ...original, substitutedBy: { fullNumber: 'RR2027-000004', issueDate: '2027-03-05' } }, 'en', { verifactuDriver: 'aeat' }))).text);
    expect(replaced).toContain('Sustituida por la factura rectificativa RR2027-000004 de 5 mar 2027');
    expect(replaced).toContain('Replaced by the corrective invoice RR2027-000004 of 5 Mar 2027');
  });

  it('keeps the Spanish legal text for an English reader and adds the English headings', async () => {
    const pdf = await renderInvoicePdf(sampleRectifyingInvoice({ cancelledAt: '2027-03-02T10:00:00Z' }), 'en', { verifactuDriver: 'aeat' });
    const page = squash((await pdfText(pdf)).text);
    for (const expected of [
      'Factura rectificativa',
      'Corrective invoice',
      'Número de factura · Invoice number R2027-000031',
      'Fecha de expedición · Issue date 1 mar 2027',
      'Factura verificable en la sede electrónica de la AEAT',
      "Invoice verifiable at the AEAT's electronic office",
      'the Spanish text is the legal one',
      'Invoice cancelled on 2 Mar 2027',
      'Total factura · Invoice total -26,14 €',
    ]) {
      expect(page).toContain(expected);
    }
  });

  it('prints names and addresses in any Latin, Greek or Cyrillic letters exactly, with the font embedded', async () => {
    const recipient = { name: 'Łódź Café Ørsted Şişli Sp. z o.o.', taxId: 'B46123456', address: 'ul. Żółkiewskiego 3, Gdańsk · Ελληνική οδός 5 · Улица Льва Толстого 16 · Cel·la' };
    const pdf = await renderInvoicePdf(sampleInvoice({ recipient }), 'es', { verifactuDriver: 'aeat' });
    const page = squash((await pdfText(pdf)).text);
    expect(page).toContain(recipient.name);
    for (const part of recipient.address.split(' · ')) expect(page).toContain(part);
    // The font travels with the file (subset), so every reader draws these letters.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('continues the lines on the next page and still prints every line and the totals', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({ description: `Comisión del pedido número ${i + 1}`, orderId: `order-${i + 1}`, baseCents: 100 }));
    const pdf = await renderInvoicePdf(sampleInvoice({ lines, baseCents: 7000, vatCents: 1470, totalCents: 8470 }), 'es', { verifactuDriver: 'aeat' });
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    const page = squash(text);
    for (let i = 1; i <= 70; i += 1) expect(page).toContain(`Comisión del pedido número ${i} order-${i} 1,00 €`);
    expect(page).toContain('Total factura 84,70 €');
    // The headings repeat on the page the lines continue on.
    expect(page.match(/Descripción/g)?.length).toBe(pages);
  });
});

describe('pdfSafe', () => {
  it('keeps what the embedded font can print (Latin, Greek, Cyrillic), takes accents off other letters, replaces the rest', () => {
    expect(pdfSafe('Plaça de l’Àngel, 3 – «Niñería» 12,00 €')).toBe('Plaça de l’Àngel, 3 – «Niñería» 12,00 €');
    expect(pdfSafe('Łódź Ćmielów ș Ørsted Ελλάδα Москва Phở')).toBe('Łódź Ćmielów ș Ørsted Ελλάδα Москва Phở');
    expect(pdfSafe('漢字 🎁 ক্ষ')).toBe('?? ? ???');
    expect(pdfSafe('line\nbreak\ttab')).toBe('line break tab');
  });
});

describe('invoicePdfFileName', () => {
  it('names the file after the invoice, safe for a Content-Disposition header', () => {
    expect(invoicePdfFileName(sampleInvoice())).toBe('Factura-R2027-000012.pdf');
    expect(invoicePdfFileName(sampleRectifyingInvoice())).toBe('Factura-rectificativa-R2027-000031.pdf');
    expect(invoicePdfFileName({ type: 'F1', fullNumber: 'A/2027 "1"' })).toBe('Factura-A-2027-1-.pdf');
  });
});

describe('an invoice that does not add up', () => {
  it('is never printed', async () => {
    const invoice = sampleInvoice();
    await expect(renderInvoicePdf({ ...invoice, totalCents: invoice.totalCents + 1 }, 'es', { verifactuDriver: 'aeat' })).rejects.toThrow(/does not add up/);
    await expect(renderInvoicePdf({ ...invoice, baseCents: invoice.baseCents + 1, totalCents: invoice.totalCents + 1 }, 'es', { verifactuDriver: 'aeat' })).rejects.toThrow(/does not add up/);
    await expect(renderInvoicePdf({ ...invoice, lines: [], baseCents: 0, vatCents: 0, totalCents: 0 }, 'es', { verifactuDriver: 'aeat' })).rejects.toThrow(/does not add up/);
  });
});
