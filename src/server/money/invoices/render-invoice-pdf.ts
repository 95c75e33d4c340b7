import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { projectRoot } from '../../paths';
import type { InvoiceDocument } from '../../platform/verifactu/invoice-document';
import { QR_QUIET_ZONE_MODULES, type InvoiceQr } from './invoice-qr';
import type { InvoiceLanguage } from './invoice-text';
import { describeInvoice, type InvoiceRenderSettings, type Label } from './invoice-view';

/*
 * The invoice as an A4 PDF made with PDFKit (ADR 063): the same content as the HTML page, in
 * the same order, from the same view. The QR code is drawn as vector squares, so it prints
 * sharp at its size (32 mm symbol plus a 4-module white quiet zone).
 *
 * The text is set in Noto Sans (SIL Open Font License, which allows embedding), embedded and
 * subset to the glyphs used: PDFKit's standard Helvetica only has Windows-1252, so a business
 * called "Łódź" or "Şişli" would lose letters (ADR 070). Noto Sans covers the Latin, Greek and
 * Cyrillic scripts; a character outside them is written without its accent, or as `?`, rather
 * than as an empty box (see pdfSafe).
 */

/**
 * The font files (Noto Sans from Google Fonts, with their licence in fonts/OFL.txt), read
 * once per process (about 1.2 MB together); PDFKit subsets each PDF's use. Found from the
 * project root, so the bundle in dist/server reads the same files as the sources.
 */
const fontsDir = path.join(projectRoot, 'src/server/money/invoices/fonts');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function invoiceFonts() {
  fonts ??= {
    regular: readFileSync(path.join(fontsDir, 'noto-sans-regular.ttf')),
    bold: readFileSync(path.join(fontsDir, 'noto-sans-bold.ttf')),
  };
  return fonts;
}
const REGULAR = 'NotoSans';
const BOLD = 'NotoSans-Bold';

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 14 * MM;
const WIDTH = PAGE.width - 2 * MARGIN;
/** Order ids print a little smaller than the lines' text (9.5 pt), still readable. */
const ORDER_ID_SIZE = 8;
const BOTTOM = PAGE.height - MARGIN;
const INK = '#111111';
const GREY = '#57534e';
const RULE = '#d6d3d1';
const RED = '#7f1d1d';
const AMBER = '#78350f';

/**
 * The code points Noto Sans (the Latin-Greek-Cyrillic font) draws: Latin with every
 * extension and IPA, Greek, Cyrillic, Latin Extended Additional (Vietnamese), punctuation
 * and currency signs, № and ™.
 */
const printable = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) ||
  (codePoint >= 0xa0 && codePoint <= 0x52f) ||
  (codePoint >= 0x1e00 && codePoint <= 0x1fff) ||
  (codePoint >= 0x2010 && codePoint <= 0x205e) ||
  (codePoint >= 0x20a0 && codePoint <= 0x20c0) ||
  codePoint === 0x2116 ||
  codePoint === 0x2122;

/** Text the embedded font can show: other letters lose their accents, anything else becomes `?`. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    if (printable(codePoint)) out += char;
    else if (/\s/.test(char)) out += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every((c) => printable(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}

type Doc = PDFKit.PDFDocument;

/** A heading: the Spanish in bold, its English translation (if any) in grey after it. */
function writeLabel(doc: Doc, value: Label, x: number, y: number, width: number, size: number, separator = ' · '): number {
  doc.fontSize(size).fillColor(INK).font(BOLD);
  if (!value.en) {
    doc.text(pdfSafe(value.es), x, y, { width });
    return doc.y;
  }
  doc.text(pdfSafe(value.es), x, y, { width, continued: true });
  doc.font(REGULAR).fillColor(GREY).text(pdfSafe(`${separator}${value.en}`));
  doc.fillColor(INK);
  return doc.y;
}

function writeText(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { size?: number; bold?: boolean; color?: string } = {}): number {
  const { size = 9.5, bold = false, color = INK, ...rest } = options;
  doc.fontSize(size).font(bold ? BOLD : REGULAR).fillColor(color).text(pdfSafe(text), x, y, rest);
  doc.fillColor(INK);
  return doc.y;
}

function drawQr(doc: Doc, qr: InvoiceQr, x: number, y: number): number {
  const module = qr.moduleMm * MM;
  const side = qr.totalMm * MM;
  doc.save().rect(x, y, side, side).fill('#ffffff');
  const origin = QR_QUIET_ZONE_MODULES * module;
  for (const run of qr.runs) doc.rect(x + origin + run.col * module, y + origin + run.row * module, run.length * module, module);
  doc.fill('#000000').restore();
  return y + side;
}

/** Starts a new page when fewer than `needed` points are left. */
function room(doc: Doc, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

/** The PDF's file name for a download: `Factura-R2027-000012.pdf`, `Factura-rectificativa-R2027-000031.pdf`. */
export function invoicePdfFileName(document: Pick<InvoiceDocument, 'type' | 'fullNumber'>): string {
  const kind = document.type === 'R1' ? 'Factura-rectificativa' : 'Factura';
  return `${kind}-${document.fullNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/**
 * The invoice as an A4 PDF (a Buffer), Spanish being its legal language; for an English
 * reader every heading also carries its English translation (ADR 063).
 */
export async function renderInvoicePdf(document: InvoiceDocument, language: InvoiceLanguage, settings: InvoiceRenderSettings): Promise<Buffer> {
  const view = describeInvoice(document, language, settings);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'es-ES',
    displayTitle: true,
    info: {
      Title: pdfSafe(`${view.title.es} ${document.fullNumber}`),
      Author: pdfSafe(document.issuer.name),
      Subject: pdfSafe(`${view.title.es} ${document.fullNumber} · ${document.recipient.name}`),
      Creator: 'Regalo',
    },
  });
  const { regular, bold } = invoiceFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The QR block comes first, top left, as the AEAT prefers: label, code, legend.
  const qrWidth = 50 * MM;
  let left = writeLabel(doc, view.qrLabel, MARGIN, MARGIN, qrWidth, 8, ' ');
  left = drawQr(doc, view.qr, MARGIN, left + 2);
  left = writeText(doc, view.legend[0], MARGIN, left + 3, { width: qrWidth, size: 8, bold: true });
  left = writeText(doc, view.legend[1], MARGIN, left, { width: qrWidth, size: 8, bold: true });
  if (view.legendTranslation) left = writeText(doc, view.legendTranslation, MARGIN, left, { width: qrWidth, size: 8, color: GREY });

  // Title and the invoice's identification beside it.
  const headX = MARGIN + qrWidth + 8 * MM;
  const headWidth = PAGE.width - MARGIN - headX;
  let right = writeText(doc, view.title.es, headX, MARGIN, { width: headWidth, size: 20, bold: true });
  if (view.title.en) right = writeText(doc, view.title.en, headX, right, { width: headWidth, size: 12, color: GREY });
  right += 8;
  const labelWidth = headWidth * 0.55;
  for (const field of view.fields) {
    const labelBottom = writeLabel(doc, field.label, headX, right, labelWidth - 6, 9);
    const valueBottom = writeText(doc, field.value, headX + labelWidth, right, { width: headWidth - labelWidth });
    right = Math.max(labelBottom, valueBottom) + 3;
  }

  let y = Math.max(left, right) + 12;
  if (view.readerNote) y = writeText(doc, view.readerNote, MARGIN, y, { width: WIDTH, size: 9, color: GREY }) + 8;
  // A boxed notice: the cancellation in red, the replacement by a substitute in amber.
  for (const [notice, color, stroke] of [[view.cancelled, RED, '#b91c1c'], [view.substituted, AMBER, '#92400e']] as const) {
    if (!notice) continue;
    const top = y;
    const pad = 8;
    let bottom = writeText(doc, notice.es, MARGIN + pad, top + pad, { width: WIDTH - 2 * pad, size: 10, bold: true, color });
    if (notice.en) bottom = writeText(doc, notice.en, MARGIN + pad, bottom, { width: WIDTH - 2 * pad, size: 9, color });
    doc.save().lineWidth(1.5).strokeColor(stroke).rect(MARGIN, top, WIDTH, bottom - top + pad).stroke().restore();
    y = bottom + pad + 12;
  }

  // Issuer and recipient side by side.
  const columnWidth = (WIDTH - 10 * MM) / 2;
  let partiesBottom = y;
  (['issuer', 'recipient'] as const).forEach((side, index) => {
    const x = MARGIN + index * (columnWidth + 10 * MM);
    let at = writeLabel(doc, { es: view[side].label.es.toUpperCase(), ...(view[side].label.en ? { en: view[side].label.en.toUpperCase() } : {}) }, x, y, columnWidth, 10);
    at = writeText(doc, view[side].party.name, x, at + 3, { width: columnWidth, bold: true });
    for (const [key, value] of [['taxId', view[side].party.taxId], ['address', view[side].party.address]] as const) {
      const labelText = view.partyLabels[key].en ? `${view.partyLabels[key].es} · ${view.partyLabels[key].en}` : view.partyLabels[key].es;
      at = writeText(doc, `${labelText}: ${value}`, x, at + 1, { width: columnWidth });
    }
    partiesBottom = Math.max(partiesBottom, at);
  });
  y = partiesBottom + 18;

  // The lines.
  const withOrders = view.lines.some((line) => line.orderId);
  const amountWidth = 80;
  // The order column is as wide as its longest id in a smaller size, so a full order id
  // (a UUID) stays on one line instead of wrapping over three; the description gives way.
  doc.fontSize(ORDER_ID_SIZE).font(REGULAR);
  const orderWidth = withOrders ? Math.ceil(Math.max(60, ...view.lines.map((line) => doc.widthOfString(pdfSafe(line.orderId ?? ''))))) + 2 : 0;
  const descriptionWidth = WIDTH - amountWidth - orderWidth - 12;
  const columns = { description: MARGIN, order: MARGIN + descriptionWidth + 6, amount: PAGE.width - MARGIN - amountWidth };
  const header = (at: number) => {
    at = writeLabel(doc, { es: view.linesLabel.es.toUpperCase(), ...(view.linesLabel.en ? { en: view.linesLabel.en.toUpperCase() } : {}) }, MARGIN, at, WIDTH, 10) + 6;
    const bottoms = [writeLabel(doc, view.lineHeadings.description, columns.description, at, descriptionWidth, 9)];
    if (withOrders) bottoms.push(writeLabel(doc, view.lineHeadings.order, columns.order, at, orderWidth, 9));
    bottoms.push(writeText(doc, view.lineHeadings.amount.en ? `${view.lineHeadings.amount.es} · ${view.lineHeadings.amount.en}` : view.lineHeadings.amount.es, columns.amount, at, { width: amountWidth, size: 9, bold: true, align: 'right' }));
    const bottom = Math.max(...bottoms) + 3;
    doc.save().lineWidth(1.2).strokeColor(INK).moveTo(MARGIN, bottom).lineTo(PAGE.width - MARGIN, bottom).stroke().restore();
    return bottom + 5;
  };
  y = header(room(doc, y, 80));
  for (const line of view.lines) {
    doc.fontSize(9.5).font(REGULAR);
    const height = doc.heightOfString(pdfSafe(line.description), { width: descriptionWidth }) + 10;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = header(MARGIN);
    }
    const bottoms = [writeText(doc, line.description, columns.description, y, { width: descriptionWidth })];
    if (withOrders) bottoms.push(writeText(doc, line.orderId ?? '', columns.order, y + 1, { width: orderWidth, size: ORDER_ID_SIZE }));
    bottoms.push(writeText(doc, line.amount, columns.amount, y, { width: amountWidth, align: 'right' }));
    const bottom = Math.max(...bottoms) + 4;
    doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(MARGIN, bottom).lineTo(PAGE.width - MARGIN, bottom).stroke().restore();
    y = bottom + 5;
  }

  // The totals, right-aligned under the lines.
  y = room(doc, y + 10, 90);
  const totalsWidth = 260;
  const totalsX = PAGE.width - MARGIN - totalsWidth;
  for (const row of view.totals) {
    const size = row.grand ? 12 : 9.5;
    if (row.grand) {
      doc.save().lineWidth(1.2).strokeColor(INK).moveTo(totalsX, y - 2).lineTo(PAGE.width - MARGIN, y - 2).stroke().restore();
      y += 3;
    }
    const labelText = row.label.en ? `${row.label.es} · ${row.label.en}` : row.label.es;
    const labelBottom = writeText(doc, labelText, totalsX, y, { width: totalsWidth - amountWidth - 6, size, bold: row.grand === true });
    const valueBottom = writeText(doc, row.value, PAGE.width - MARGIN - amountWidth, y, { width: amountWidth, size, bold: row.grand === true, align: 'right' });
    y = Math.max(labelBottom, valueBottom) + 5;
  }

  doc.end();
  return done;
}
