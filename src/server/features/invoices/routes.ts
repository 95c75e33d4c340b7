import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvoiceListQuerySchema,
  cancelInvoiceSchema,
  invoiceDocumentSchema,
  invoiceIdParamsSchema,
  invoiceListSchema,
  missingInvoicingDataSchema,
  quarterParamsSchema,
  rectifyInvoiceResultSchema,
  verifactuRecordsSchema,
  verifactuSubmissionPageSchema,
  verifactuSubmissionQuerySchema,
  yearParamsSchema,
} from '@shared/contracts/invoices';
import { csvQuerySchema } from '@shared/contracts/statements';
import { requireAdmin, requireUser } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { InvoiceDocument } from '../../platform/verifactu/invoice-document';
import type { InvoiceLanguage } from '../../money/invoices/invoice-text';
import { loadInvoiceDocument } from '../../money/invoices/load-invoice-document';
import { renderInvoiceHtml } from '../../money/invoices/render-invoice-html';
import { invoicePdfFileName, renderInvoicePdf } from '../../money/invoices/render-invoice-pdf';
import type { AppContext } from '../../platform/context';
import { statementText } from '../../money/statements/payouts-text';
import { cancelInvoice } from '../../money/invoices/cancel-invoice';
import { formatDac7Csv } from '../../money/invoices/format-dac7-csv';
import { formatInvoiceBookCsv } from '../../money/invoices/format-invoice-book-csv';
import { getDac7Report } from '../../money/invoices/get-dac7-report';
import { getInvoiceBook } from '../../money/invoices/get-invoice-book';
import { listInvoices } from '../../money/invoices/list-invoices';
import { listMissingInvoicingData } from '../../money/invoices/list-missing-invoicing-data';
import { listVerifactuRecords } from '../../money/verifactu/list-verifactu-records';
import { listVerifactuSubmissions } from '../../money/verifactu/list-verifactu-submissions';
import { listDac7MissingSellerData } from '../../money/invoices/list-dac7-missing-seller-data';
import { dac7MissingSellerDataSchema } from '@shared/contracts/seller-details';
import { rectifyInvoiceRecipient } from '../../money/invoices/rectify-invoice-recipient';

// Invoices are money and tax data: never kept by a shared cache or the browser's.
const noStore = { 'cache-control': 'no-store' };

function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply.headers({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"` }).send(body);
}

const notFound = () => new AppError('invoice_not_found', 404, 'No such invoice');

/**
 * The invoice as its printable page or its PDF (ADR 063), rendered from the stored snapshot
 * in the reader's language (or `?lang=`). `base` is where the same invoice's PDF is served.
 */
async function sendDocument(reply: FastifyReply, ctx: AppContext, document: InvoiceDocument | null, format: 'html' | 'pdf', language: InvoiceLanguage, base: string) {
  if (!document) throw notFound();
  const settings = { verifactuDriver: ctx.config.verifactu.driver };
  if (format === 'pdf') {
    const pdf = await renderInvoicePdf(document, language, settings);
    return reply
      .headers({ ...noStore, 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${invoicePdfFileName(document)}"` })
      .send(pdf);
  }
  return reply
    .headers({ ...noStore, 'content-type': 'text/html; charset=utf-8' })
    .send(renderInvoiceHtml(document, language, settings, { pdfUrl: `${base}/pdf?lang=${language}` }));
}

/** The owner's invoices (contract: shared/contracts/invoices.ts): their own business's only. */
export const businessInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/business/invoices', { schema: { response: { 200: invoiceListSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const business = await requireOwnedBusiness(app.ctx.db, user.id);
    return reply.headers(noStore).send({ invoices: await listInvoices(app.ctx.db, { businessId: business.id }) });
  });

  for (const format of ['html', 'pdf'] as const) {
    app.get(`/api/business/invoices/:id/${format}`, { schema: { params: invoiceIdParamsSchema, querystring: csvQuerySchema } }, async (request, reply) => {
      const user = await requireUser(request);
      const business = await requireOwnedBusiness(app.ctx.db, user.id);
      const document = await loadInvoiceDocument(app.ctx.db, request.params.id, { businessId: business.id });
      return sendDocument(reply, app.ctx, document, format, request.query.lang ?? user.locale, `/api/business/invoices/${request.params.id}`);
    });
  }

  // Corrects the recipient's data by a rectifying invoice by substitution (RD 1619/2012 art. 15, ADR 061).
  app.post(
    '/api/business/invoices/:id/rectify',
    {
      schema: { params: invoiceIdParamsSchema, response: { 201: rectifyInvoiceResultSchema } },
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [],
          boundedBy: "one mail to the owner's own address per rectifying invoice, and each needs the invoicing details changed since the last",
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const issued = await rectifyInvoiceRecipient(app.ctx, user.id, request.params.id);
      return reply.code(201).headers(noStore).send({ id: issued.invoiceId, fullNumber: issued.fullNumber });
    },
  );

  app.get('/api/business/invoices/:id', { schema: { params: invoiceIdParamsSchema, response: { 200: invoiceDocumentSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const business = await requireOwnedBusiness(app.ctx.db, user.id);
    // Another business's invoice is "not found", never "forbidden": its existence is not told.
    const document = await loadInvoiceDocument(app.ctx.db, request.params.id, { businessId: business.id });
    if (!document) throw notFound();
    return reply.headers(noStore).send(document);
  });
};

/** The platform team's invoices, cancellations and exports for the accountant and the tax returns. */
export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // As in the admin feature: 401/403 before anything is parsed or read.
  app.addHook('preValidation', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/invoices', { schema: { querystring: adminInvoiceListQuerySchema, response: { 200: invoiceListSchema } } }, async (request, reply) =>
    reply.headers(noStore).send({ invoices: await listInvoices(app.ctx.db, { businessId: request.query.businessId }) }),
  );

  app.get('/api/admin/invoices/missing-data', { schema: { response: { 200: missingInvoicingDataSchema } } }, async (_request, reply) =>
    reply.headers(noStore).send(await listMissingInvoicingData(app.ctx.db)),
  );

  app.get('/api/admin/invoices/:id', { schema: { params: invoiceIdParamsSchema, response: { 200: invoiceDocumentSchema } } }, async (request, reply) => {
    const document = await loadInvoiceDocument(app.ctx.db, request.params.id);
    if (!document) throw notFound();
    return reply.headers(noStore).send(document);
  });

  for (const format of ['html', 'pdf'] as const) {
    app.get(`/api/admin/invoices/:id/${format}`, { schema: { params: invoiceIdParamsSchema, querystring: csvQuerySchema } }, async (request, reply) => {
      const admin = await requireAdmin(request);
      const document = await loadInvoiceDocument(app.ctx.db, request.params.id);
      return sendDocument(reply, app.ctx, document, format, request.query.lang ?? admin.locale, `/api/admin/invoices/${request.params.id}`);
    });
  }

  app.post(
    '/api/admin/invoices/:id/cancel',
    { schema: { params: invoiceIdParamsSchema, body: cancelInvoiceSchema, response: { 200: invoiceDocumentSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await cancelInvoice(app.ctx, { id: admin.id, email: admin.email }, request.params.id, request.body.reason);
      return reply.headers(noStore).send((await loadInvoiceDocument(app.ctx.db, request.params.id))!);
    },
  );

  app.get('/api/admin/invoices/book/:quarter/csv', { schema: { params: quarterParamsSchema, querystring: csvQuerySchema } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const language = request.query.lang ?? admin.locale;
    const book = await getInvoiceBook(app.ctx.db, request.params.quarter);
    return sendCsv(reply, statementText(language)('invoiceBook.fileName', { quarter: request.params.quarter }), formatInvoiceBookCsv(book, language));
  });

  app.get('/api/admin/dac7/:year/csv', { schema: { params: yearParamsSchema, querystring: csvQuerySchema } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const language = request.query.lang ?? admin.locale;
    const rows = await getDac7Report(app.ctx.db, request.params.year);
    return sendCsv(reply, statementText(language)('dac7.fileName', { year: String(request.params.year) }), formatDac7Csv(rows, language));
  });

  app.get('/api/admin/dac7/:year/missing', { schema: { params: yearParamsSchema, response: { 200: dac7MissingSellerDataSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    return reply.headers(noStore).send(await listDac7MissingSellerData(app.ctx.db, request.params.year));
  });

  app.get('/api/admin/verifactu/records', { schema: { response: { 200: verifactuRecordsSchema } } }, async (_request, reply) =>
    reply.headers(noStore).send(await listVerifactuRecords(app.ctx.db)),
  );

  app.get(
    '/api/admin/verifactu/submissions',
    { schema: { querystring: verifactuSubmissionQuerySchema, response: { 200: verifactuSubmissionPageSchema } } },
    async (request, reply) => reply.headers(noStore).send(await listVerifactuSubmissions(app.ctx.db, request.query, app.ctx.config.verifactu.driver)),
  );
};
