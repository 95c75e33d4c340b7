import { html, trustedHtml, type TrustedHtml } from '../../platform/html';
import type { InvoiceDocument } from '../../platform/verifactu/invoice-document';
import { QR_QUIET_ZONE_MODULES, type InvoiceQr } from './invoice-qr';
import type { InvoiceLanguage } from './invoice-text';
import { describeInvoice, type InvoiceRenderSettings, type Label } from './invoice-view';

/*
 * The invoice as a printable page: plain server-rendered HTML with its CSS inline, no script
 * and no outside resource, like the legal pages (ADR 059), so it prints on A4 and can be
 * saved as it is. The QR code is inline SVG at its size on paper (ADR 063).
 */

const CSS = trustedHtml(`
@page{size:A4;margin:14mm}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:'Helvetica Neue',Helvetica,Arial,ui-sans-serif,system-ui,sans-serif;font-size:10.5pt;line-height:1.45;color:#111;background:#f5f5f4}
.sheet{background:#fff;max-width:210mm;margin:0 auto;padding:14mm}
.en{color:#57534e;font-weight:400}
.top{display:flex;gap:10mm;align-items:flex-start;justify-content:space-between;flex-wrap:wrap}
.qr{flex:none;margin:0;width:50mm}
.qr p{margin:0;font-size:9pt}
.qr-label{font-weight:700}
.qr svg{display:block}
.legend{font-weight:700}
.actions{margin:0 0 6mm;text-align:right}
.actions a{display:inline-flex;align-items:center;min-height:44px;padding:0 4mm;border:2px solid #111;border-radius:2mm;color:#111;font-weight:700;text-decoration:none}
.actions a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.heading{flex:1 1 70mm}
h1{font-size:20pt;line-height:1.15;margin:0 0 4mm}
h1 .en{display:block;font-size:12pt}
h2{font-size:11pt;margin:0 0 2mm;text-transform:uppercase;letter-spacing:.04em}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:1mm 5mm}
dt{font-weight:700}
dd{margin:0;overflow-wrap:anywhere}
.note{margin:6mm 0 0;color:#44403c}
.cancelled{margin:6mm 0 0;padding:3mm 4mm;border:2px solid #b91c1c;color:#7f1d1d;font-weight:700}
.cancelled .en{color:#7f1d1d}
.substituted{margin:6mm 0 0;padding:3mm 4mm;border:2px solid #92400e;color:#78350f;font-weight:700}
.substituted .en{color:#78350f}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:8mm;margin:8mm 0}
.parties p{margin:0;overflow-wrap:anywhere}
.parties .name{font-weight:700}
table{border-collapse:collapse;width:100%}
caption{text-align:left;font-weight:700;font-size:11pt;text-transform:uppercase;letter-spacing:.04em;margin-bottom:2mm}
th,td{padding:2mm 2mm;border-bottom:1px solid #d6d3d1;text-align:left;vertical-align:top}
th{border-bottom:2px solid #111}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{width:auto;margin:6mm 0 0 auto;min-width:85mm}
.totals th{border-bottom:1px solid #d6d3d1;font-weight:400}
.totals .grand th,.totals .grand td{font-weight:700;font-size:12pt;border-top:2px solid #111;border-bottom:none}
@media (max-width:40rem){.sheet{padding:5mm}.parties{grid-template-columns:1fr}}
@media print{body{background:#fff}.actions{display:none}.sheet{max-width:none;margin:0;padding:0}.top,.parties,tr,.totals{break-inside:avoid}}
`);

/** A Spanish heading with the reader's translation beside it (English or Valencian), in its `lang`. */
function translated(value: Label, lang: string, separator = ' · '): TrustedHtml {
  return value.en ? html`${value.es}<span class="en" lang="${lang}">${separator}${value.en}</span>` : html`${value.es}`;
}

function qrSvg(qr: InvoiceQr, title: string): TrustedHtml {
  const side = qr.size + 2 * QR_QUIET_ZONE_MODULES;
  const mm = qr.totalMm.toFixed(2);
  const path = qr.runs.map((run) => `M${run.col + QR_QUIET_ZONE_MODULES} ${run.row + QR_QUIET_ZONE_MODULES}h${run.length}v1h-${run.length}z`).join('');
  // The white square is the quiet zone; crispEdges keeps module edges sharp on screen and paper.
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${mm}mm" height="${mm}mm" shape-rendering="crispEdges" role="img" aria-label="${title}" data-testid="invoice-qr" data-url="${qr.text}"><rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

export interface InvoiceHtmlOptions {
  /** Where the same invoice's PDF is served: the page then links to it (hidden in print). */
  pdfUrl?: string;
}

/**
 * The invoice as a complete HTML document, Spanish being its legal language (`<html lang="es">`);
 * for an English reader every heading also carries its English translation (ADR 063).
 */
export function renderInvoiceHtml(
  document: InvoiceDocument,
  language: InvoiceLanguage,
  settings: InvoiceRenderSettings,
  options: InvoiceHtmlOptions = {},
): string {
  const view = describeInvoice(document, language, settings);
  const readerLang = view.readerLang ?? 'en';
  const label = (value: Label, separator?: string) => translated(value, readerLang, separator);
  const party = (id: 'issuer' | 'recipient') => html`<section aria-labelledby="${id}">
<h2 id="${id}">${label(view[id].label)}</h2>
<p class="name">${view[id].party.name}</p>
<p>${label(view.partyLabels.taxId)}: ${view[id].party.taxId}</p>
<p>${label(view.partyLabels.address)}: ${view[id].party.address}</p>
</section>`;
  const withOrders = view.lines.some((line) => line.orderId);
  const newlineBefore = (i: number) => (i > 0 ? '\n' : '');
  const lines = view.lines.map(
    (line, i) =>
      html`${newlineBefore(i)}<tr><td>${line.description}</td>${withOrders && html`<td>${line.orderId ?? ''}</td>`}<td class="num">${line.amount}</td></tr>`,
  );
  const totals = view.totals.map(
    (row, i) =>
      html`${newlineBefore(i)}<tr${row.grand && trustedHtml(' class="grand"')}><th scope="row">${label(row.label)}</th><td class="num">${row.value}</td></tr>`,
  );
  const title = `${view.title.es} ${document.fullNumber}`;

  return html`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="robots" content="noindex">
<title>${title} · ${document.issuer.name}</title>
<style>${CSS}</style>
</head>
<body>
<main class="sheet" data-testid="invoice-document" data-invoice-number="${document.fullNumber}">
${options.pdfUrl && html`<p class="actions"><a href="${options.pdfUrl}" download data-testid="invoice-pdf-link">${label(view.downloadPdf)}</a></p>`}
<div class="top">
<figure class="qr">
<p class="qr-label">${label(view.qrLabel, ' ')}</p>
${qrSvg(view.qr, `${view.qrLabel.es} ${view.qr.text}`)}
<figcaption class="legend">${view.legend[0]}<br>${view.legend[1]}${view.legendTranslation && html`<br><span class="en" lang="${readerLang}">${view.legendTranslation}</span>`}</figcaption>
</figure>
<div class="heading">
<h1>${label(view.title, ' ')}</h1>
<dl>
${view.fields.map((field, i) => html`${newlineBefore(i)}<dt>${label(field.label)}</dt><dd>${field.value}</dd>`)}
</dl>
</div>
</div>
${view.readerNote && html`<p class="note" lang="${readerLang}">${view.readerNote}</p>`}
${view.cancelled && html`<p class="cancelled" role="note" data-testid="invoice-cancelled">${label(view.cancelled, ' ')}</p>`}
${view.substituted && html`<p class="substituted" role="note" data-testid="invoice-substituted">${label(view.substituted, ' ')}</p>`}
<div class="parties">
${party('issuer')}
${party('recipient')}
</div>
<table>
<caption>${label(view.linesLabel)}</caption>
<thead><tr><th scope="col">${label(view.lineHeadings.description)}</th>${withOrders && html`<th scope="col">${label(view.lineHeadings.order)}</th>`}<th scope="col" class="num">${label(view.lineHeadings.amount)}</th></tr></thead>
<tbody>
${lines}
</tbody>
</table>
<table class="totals">
<tbody>
${totals}
</tbody>
</table>
</main>
</body>
</html>
`.value;
}
