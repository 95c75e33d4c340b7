import { escapeHtml } from '@shared/escape-html';
import { legalPages } from '@shared/domain/legal-versions';
import type { Operator } from '@shared/contracts/operator';
import { describe, expect, it } from 'vitest';
import { renderInvoiceHtml } from './money/invoices/render-invoice-html';
import { renderShopPoster } from './features/business-dashboard/business-shop/render-shop-poster';
import { cookieTable, operatorDetails, withdrawalFormBlanks } from './features/legal-pages/legal-page-extras';
import { renderLegalPage } from './features/legal-pages/render-legal-page';
import { catalogues } from './platform/catalogues';
import { pageLanguages } from './platform/page-language';
import { sampleInvoice } from './testing/invoice-documents';

/**
 * Server-rendered pages written with the `html` template (platform/html.ts): every field that
 * can hold someone's text is given markup that would run if placed as it is, different per
 * field, and must come out as text. The shop window, the landing page and the gift page have
 * their own such tests beside their renderers.
 */
const hostile = (field: string) => `"><img src=x onerror="alert('${field}')"><script>alert('${field}')</script>`;

/** Each field's markup is absent and its escaped text present: the field was rendered, as text. */
function expectEscaped(page: string, fields: string[], valueOf = hostile) {
  expect(page).not.toMatch(/<img|<script>alert|<b onclick/);
  for (const field of fields) expect(page, field).toContain(escapeHtml(valueOf(field)));
}

describe('server-rendered pages with hostile text in every field', () => {
  const operator: Operator = {
    name: hostile('operator.name'),
    address: hostile('operator.address'),
    taxId: hostile('operator.taxId'),
    registry: hostile('operator.registry'),
    supportEmail: hostile('operator.supportEmail'),
    privacyEmail: hostile('operator.privacyEmail'),
  };
  const valueNames = [
    'operatorName', 'operatorAddress', 'operatorTaxId', 'operatorRegistry', 'supportEmail', 'privacyEmail', 'site',
    'commissionRate', 'commissionVatRate', 'exampleCommissionVat', 'exampleNet', 'minValidity', 'maxValidity',
  ];
  const values = Object.fromEntries(valueNames.map((name) => [name, hostile(`values.${name}`)]));

  it.each(pageLanguages)('the legal pages (%s)', (language) => {
    const pages = legalPages.map((page) =>
      renderLegalPage({
        page,
        language,
        values,
        extras: {
          legal: { top: operatorDetails(language, operator) },
          cookies: { list: cookieTable(language, true) },
          'withdrawal-form': { top: withdrawalFormBlanks(language, operator) },
        }[page as string],
      }),
    );
    for (const page of pages) expect(page.startsWith('<!doctype html>')).toBe(true);
    // Every value the language's catalogue texts fill in, and every operator field, somewhere on the pages.
    const filled = valueNames.filter((name) => JSON.stringify(catalogues('legal')[language]).includes(`{{${name}}}`));
    expect(filled.length).toBeGreaterThan(5);
    expectEscaped(pages.join('\n'), [...filled.map((name) => `values.${name}`), ...Object.keys(operator).map((key) => `operator.${key}`)]);
  });

  it.each(pageLanguages)('the partner poster (%s)', (language) => {
    const page = renderShopPoster({
      language,
      size: 'a4',
      businessName: hostile('businessName'),
      shopUrl: `https://regalo.test/b/${hostile('shopUrl')}`,
      qrSvg: '<svg viewBox="0 0 1 1"><path d="M0 0h1v1h-1z"/></svg>',
    });
    expectEscaped(page, ['businessName', 'shopUrl']);
  });

  it.each(['es', 'en'] as const)('the invoice document (%s)', (language) => {
    const party = (who: string) => ({ name: hostile(`${who}.name`), taxId: hostile(`${who}.taxId`), address: hostile(`${who}.address`) });
    // The QR's check URL refuses what the AEAT would: an issuer tax id that is not a NIF, a
    // number longer than 60 characters. Both still take markup the AEAT allows.
    const short = (field: string) => `"><b onclick=${field}>`;
    const invoice = sampleInvoice({
      fullNumber: short('fullNumber'),
      issuer: { ...party('issuer'), taxId: 'B98765432' },
      recipient: party('recipient'),
      lines: [
        { description: hostile('line.description'), orderId: hostile('line.orderId'), baseCents: 180 },
        { description: 'Comisión', orderId: 'e5f6a7b8', baseCents: 2160 },
      ],
    });
    const page = renderInvoiceHtml(invoice, language, { verifactuDriver: 'aeat' }, { pdfUrl: `/api/business/invoices/x/pdf?x=${hostile('pdfUrl')}` });
    expectEscaped(page, [
      'issuer.name',
      'issuer.address',
      ...['recipient'].flatMap((who) => [`${who}.name`, `${who}.taxId`, `${who}.address`]),
      'line.description',
      'line.orderId',
      'pdfUrl',
    ]);
    expectEscaped(page, ['fullNumber'], short);
  });
});
