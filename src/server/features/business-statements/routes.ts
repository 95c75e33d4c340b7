import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatementParamsSchema,
  csvQuerySchema,
  monthTotalsSchema,
  statementMonthParamsSchema,
  statementMonthsSchema,
  statementSchema,
} from '@shared/contracts/statements';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { Statement } from '@shared/contracts/statements';
import { requireAdmin, requireUser } from '../../platform/auth/guard';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { formatStatementCsv, statementCsvFileName } from '../../money/statements/format-statement-csv';
import { getBusinessStatement } from '../../money/statements/get-business-statement';
import { listMonthTotals } from '../../money/statements/list-month-totals';
import { findStatementBusiness, requireStatementMonth, statementMonthsOf, type StatementBusiness } from '../../money/statements/statement-business';
import type { StatementLanguage } from '../../money/statements/payouts-text';

// Statements are money: never kept by a shared cache or the browser's.
const noStore = { 'cache-control': 'no-store' };

function sendCsv(reply: FastifyReply, statement: Statement, language: StatementLanguage) {
  return reply
    .headers({
      ...noStore,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${statementCsvFileName(statement, language)}"`,
    })
    .send(formatStatementCsv(statement, language));
}

const toStatementBusiness = (b: StatementBusiness): StatementBusiness => ({ id: b.id, name: b.name, createdAt: b.createdAt });

/** The owner's statements (contract: shared/contracts/statements.ts), for the business they own. */
export const businessStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/business/statements', { schema: { response: { 200: statementMonthsSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const business = await requireOwnedBusiness(app.ctx.db, user.id);
    return reply.headers(noStore).send({ months: statementMonthsOf(business, app.ctx.now()) });
  });

  app.get(
    '/api/business/statements/:month',
    { schema: { params: statementMonthParamsSchema, response: { 200: statementSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const business = toStatementBusiness(await requireOwnedBusiness(app.ctx.db, user.id));
      requireStatementMonth(business, request.params.month, app.ctx.now());
      return reply.headers(noStore).send(await getBusinessStatement(app.ctx.db, business, request.params.month, app.ctx.now()));
    },
  );

  app.get(
    '/api/business/statements/:month/csv',
    { schema: { params: statementMonthParamsSchema, querystring: csvQuerySchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      const business = toStatementBusiness(await requireOwnedBusiness(app.ctx.db, user.id));
      requireStatementMonth(business, request.params.month, app.ctx.now());
      const statement = await getBusinessStatement(app.ctx.db, business, request.params.month, app.ctx.now());
      // The headers follow the owner's language unless the link asks for the other one.
      return sendCsv(reply, statement, request.query.lang ?? user.locale);
    },
  );
};

/** The platform team's view of every business's statements and of a month across businesses. */
export const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  // As in the admin feature: 401/403 before anything is parsed or read.
  app.addHook('preValidation', async (request) => {
    await requireAdmin(request);
  });

  app.get(
    '/api/admin/businesses/:id/statements',
    { schema: { params: z.object({ id: z.string().uuid() }), response: { 200: statementMonthsSchema } } },
    async (request, reply) => {
      const business = await findStatementBusiness(app.ctx.db, request.params.id);
      return reply.headers(noStore).send({ months: statementMonthsOf(business, app.ctx.now()) });
    },
  );

  app.get(
    '/api/admin/businesses/:id/statements/:month',
    { schema: { params: adminStatementParamsSchema, response: { 200: statementSchema } } },
    async (request, reply) => {
      const business = await findStatementBusiness(app.ctx.db, request.params.id);
      requireStatementMonth(business, request.params.month, app.ctx.now());
      return reply.headers(noStore).send(await getBusinessStatement(app.ctx.db, business, request.params.month, app.ctx.now()));
    },
  );

  app.get(
    '/api/admin/businesses/:id/statements/:month/csv',
    { schema: { params: adminStatementParamsSchema, querystring: csvQuerySchema } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const business = await findStatementBusiness(app.ctx.db, request.params.id);
      requireStatementMonth(business, request.params.month, app.ctx.now());
      const statement = await getBusinessStatement(app.ctx.db, business, request.params.month, app.ctx.now());
      return sendCsv(reply, statement, request.query.lang ?? admin.locale);
    },
  );

  app.get(
    '/api/admin/statements/:month',
    { schema: { params: statementMonthParamsSchema, response: { 200: monthTotalsSchema } } },
    async (request, reply) => reply.headers(noStore).send(await listMonthTotals(app.ctx.db, request.params.month)),
  );
};
