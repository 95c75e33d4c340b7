import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser } from '@playwright/test';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQr } from '../../testing/decode-qr';
import { sampleInvoice, sampleRectifyingInvoice } from '../../testing/invoice-documents';
import { pdfText, rasterisePdfPage } from '../../testing/read-pdf';
import { QR_QUIET_ZONE_MODULES } from './invoice-qr';
import { renderInvoiceHtml } from './render-invoice-html';

const squash = (text: string) => text.replace(/\s+/g, ' ');
const PRODUCTION_URL = 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B98765432&numserie=R2027-000012&fecha=01-02-2027&importe=28.31';

describe('renderInvoiceHtml', () => {
  it('is a self-contained A4 page with no script and nothing loaded from elsewhere', () => {
    const html = renderInvoiceHtml(sampleInvoice(), 'es', { verifactuDriver: 'aeat' });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('@page{size:A4');
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|url\(/i);
  });

  it('links to the PDF only when the caller serves one', () => {
    const html = renderInvoiceHtml(sampleInvoice(), 'en', { verifactuDriver: 'aeat' }, { pdfUrl: '/api/business/invoices/7d0c5b7e/pdf?lang=en&x="' });
    expect(html).toContain('<a href="/api/business/invoices/7d0c5b7e/pdf?lang=en&amp;x=&quot;" download data-testid="invoice-pdf-link">Descargar PDF<span class="en" lang="en"> · Download PDF</span></a>');
  });

  it('tells a Valencian reader the document is Spanish, with the headings in Valencian beside it', () => {
    const html = renderInvoiceHtml(sampleInvoice(), 'va', { verifactuDriver: 'aeat' });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<p class="note" lang="ca-ES-valencia">Factura espanyola: el text legal és l'espanyol.</p>`.replace("'", '&#39;').replace("'", '&#39;'));
    expect(html).toContain('Fecha de expedición<span class="en" lang="ca-ES-valencia"> · Data d');
    expect(html).not.toContain('lang="en"');
    // A Spanish reader gets the Spanish document alone.
    expect(renderInvoiceHtml(sampleInvoice(), 'es', { verifactuDriver: 'aeat' })).not.toContain('class="note"');
  });

  it('names the country in Spanish in the parties’ addresses', () => {
    const invoice = sampleInvoice({ issuer: { name: 'Regalo Demo S.L.', taxId: 'B00000000', address: 'Carrer de la Pau 1, 46002 Valencia, Spain' } });
    const html = renderInvoiceHtml(invoice, 'en', { verifactuDriver: 'off' });
    expect(html).toContain('Carrer de la Pau 1, 46002 Valencia, España');
    expect(html).not.toContain('Spain');
  });

  it('escapes the parties’ and lines’ text', () => {
    const invoice = sampleInvoice({ recipient: { name: 'Bar <script>alert(1)</script> & Co', taxId: 'B46123456', address: 'C/ "Pau" 1' } });
    const html = renderInvoiceHtml(invoice, 'es', { verifactuDriver: 'aeat' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Bar &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).toContain('C/ &quot;Pau&quot; 1');
  });

  it('refuses an invoice that does not add up, and a rectifying invoice that names no invoice', () => {
    const invoice = sampleInvoice();
    expect(() => renderInvoiceHtml({ ...invoice, vatCents: invoice.vatCents + 1 }, 'es', { verifactuDriver: 'aeat' })).toThrow(/does not add up/);
    const { corrects: _corrects, ...uncorrected } = sampleRectifyingInvoice();
    expect(() => renderInvoiceHtml(uncorrected, 'es', { verifactuDriver: 'aeat' })).toThrow(/names no corrected invoice/);
  });
});

describe('renderInvoiceHtml in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });

  async function open(html: string) {
    // axe needs a page of its own context.
    const page = await (await browser.newContext({ viewport: { width: 900, height: 1200 } })).newPage();
    // Nothing may be fetched: the page is self-contained.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(html, { waitUntil: 'load' });
    return { page, requests };
  }

  it('shows everything the invoice must say, and a QR on screen that decodes to the AEAT check URL', async () => {
    const { page, requests } = await open(renderInvoiceHtml(sampleInvoice(), 'es', { verifactuDriver: 'aeat' }));
    const text = squash(await page.locator('body').innerText());
    for (const expected of [
      'QR tributario:',
      'Factura verificable en la sede electrónica de la AEAT',
      'VERI*FACTU',
      'Número de factura R2027-000012',
      'Fecha de expedición 1 feb 2027',
      'Periodo facturado enero de 2027',
      'Regalo Valencia S.L.',
      'NIF: B98765432',
      'Domicilio fiscal: Carrer de Colón 1, 46004 València, España',
      'Horchatería Santa Catalina S.L.',
      'NIF: B46123456',
      'Comisión del pedido de «Horchata para dos» (12 %) a1b2c3d4 1,80 €',
      'Base imponible 23,40 €',
      'IVA 21 % 4,91 €',
      'Total factura 28,31 €',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.locator('h1').innerText()).toBe('Factura');
    const png = PNG.sync.read(await page.screenshot({ fullPage: true }));
    const qr = decodeQr({ width: png.width, height: png.height, data: new Uint8ClampedArray(png.data), pixelsPerMm: 96 / 25.4 });
    expect(qr.text).toBe(PRODUCTION_URL);
    expect(qr.quietZoneClear).toBe(true);
    expect(requests.filter((url) => !url.startsWith('about:'))).toEqual([]);
    await page.context().close();
  });

  it('prints on one A4 page with the QR 30–40 mm wide and its quiet zone clear', async () => {
    const { page } = await open(renderInvoiceHtml(sampleInvoice(), 'es', { verifactuDriver: 'aeat' }));
    // Chromium's own print: the page's @page rule sets the paper (preferCSSPageSize).
    const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const { pages, text } = await pdfText(printed);
    expect(pages).toBe(1);
    expect(squash(text)).toContain('Total factura 28,31 €');
    const raster = await rasterisePdfPage(printed, 1, 150);
    expect(raster.width / raster.pixelsPerMm).toBeCloseTo(210, 0);
    expect(raster.height / raster.pixelsPerMm).toBeCloseTo(297, 0);
    const qr = decodeQr(raster);
    expect(qr.text).toBe(PRODUCTION_URL);
    expect(qr.symbolMm).toBeGreaterThanOrEqual(30);
    expect((qr.symbolMm * (qr.modules + 2 * QR_QUIET_ZONE_MODULES)) / qr.modules).toBeLessThanOrEqual(40);
    expect(qr.quietZoneClear).toBe(true);
    await page.context().close();
  });

  it('gives an English reader the Spanish invoice with English headings, the correction and the cancellation', async () => {
    const invoice = sampleRectifyingInvoice({ cancelledAt: '2027-03-02T10:00:00Z' });
    const { page } = await open(renderInvoiceHtml(invoice, 'en', { verifactuDriver: 'aeat-test' }));
    const text = squash(await page.locator('body').innerText());
    for (const expected of [
      'Factura rectificativa',
      'Corrective invoice',
      'Número de factura · Invoice number R2027-000031',
      'Factura rectificada · Corrected invoice R2027-000012 de 1 feb 2027',
      'Tipo de rectificación · Type of correction Rectificativa por diferencias',
      'the Spanish text is the legal one',
      'Factura anulada el 2 mar 2027',
      'Invoice cancelled on 2 Mar 2027',
      'Total factura · Invoice total -26,14 €',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.locator('[lang="en"]').count()).toBeGreaterThan(10);
    await page.setContent(renderInvoiceHtml(invoice, 'en', { verifactuDriver: 'aeat-test' }, { pdfUrl: '/invoice.pdf' }));
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    const png = PNG.sync.read(await page.screenshot({ fullPage: true }));
    const qr = decodeQr({ width: png.width, height: png.height, data: new Uint8ClampedArray(png.data), pixelsPerMm: 96 / 25.4 });
    expect(qr.text).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B98765432&numserie=R2027-000031&fecha=01-03-2027&importe=-26.14');
    await page.context().close();
  });
});
