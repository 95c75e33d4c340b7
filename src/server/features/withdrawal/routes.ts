import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  withdrawalLinkParamsSchema,
  withdrawalParamsSchema,
  withdrawalReceiptSchema,
  withdrawalViewSchema,
  withdrawInputSchema,
} from '@shared/contracts/withdrawal';
import { readWithdrawalToken } from '../../domain/orders/withdrawal-link';
import { requireUser } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { RateLimitRule } from '../../platform/rate-limit';
import { unprovenMailLimits } from '../../platform/route-limits';
import { getWithdrawal } from './load-purchase';
import { withdrawFromPurchase } from './withdraw-from-purchase';

const HOUR = 60 * 60 * 1000;
/**
 * Each confirmation may mail an acknowledgement (to an address typed on the form) and calls
 * the payment provider: a handful per purchase is plenty (a replay changes nothing anyway).
 */
export const WITHDRAWAL_LIMITS_PER_PURCHASE = { limit: 10, windowMs: HOUR } satisfies RateLimitRule;

/**
 * The right of withdrawal (ADR 064): the form's data and its confirmation, for the signed-in
 * buyer or for whoever holds the receipt's signed link (contracts/withdrawal.ts).
 */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const checkoutOfLink = (token: string) => {
    const check = readWithdrawalToken(ctx.config.authSecret, token, ctx.now());
    if (check.ok) return check.checkoutId;
    throw check.reason === 'expired'
      ? new AppError('withdrawal_link_expired', 410, 'The withdrawal period of this purchase is over')
      : new AppError('withdrawal_link_invalid', 404, 'This withdrawal link is not valid');
  };
  const mailLimits = unprovenMailLimits((request) => (request.body as { email?: unknown } | undefined)?.email as string | undefined);
  const purchaseKey = (request: FastifyRequest) => {
    const params = request.params as { checkoutId?: string; token?: string };
    return params.checkoutId ?? params.token?.split('~')[0];
  };

  app.get(
    '/api/my/withdrawals/:checkoutId',
    { schema: { params: withdrawalParamsSchema, response: { 200: withdrawalViewSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return getWithdrawal(ctx.db, request.params.checkoutId, { kind: 'account', userId: user.id }, ctx.now());
    },
  );

  app.post(
    '/api/my/withdrawals/:checkoutId',
    {
      config: { abuse: { does: ['sends-mail'], limits: [...mailLimits, { name: 'withdrawal-purchase', rule: WITHDRAWAL_LIMITS_PER_PURCHASE, key: purchaseKey }] } },
      schema: { params: withdrawalParamsSchema, body: withdrawInputSchema, response: { 200: withdrawalReceiptSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return withdrawFromPurchase(ctx, request.params.checkoutId, { kind: 'account', userId: user.id }, request.body);
    },
  );

  app.get(
    '/api/withdrawal-links/:token',
    { schema: { params: withdrawalLinkParamsSchema, response: { 200: withdrawalViewSchema } } },
    async (request, reply) => {
      const checkoutId = checkoutOfLink(request.params.token);
      reply.header('cache-control', 'no-store');
      return getWithdrawal(ctx.db, checkoutId, { kind: 'link' }, ctx.now());
    },
  );

  app.post(
    '/api/withdrawal-links/:token',
    {
      config: { abuse: { does: ['sends-mail'], limits: [...mailLimits, { name: 'withdrawal-purchase', rule: WITHDRAWAL_LIMITS_PER_PURCHASE, key: purchaseKey }] } },
      schema: { params: withdrawalLinkParamsSchema, body: withdrawInputSchema, response: { 200: withdrawalReceiptSchema } },
    },
    async (request) => {
      const checkoutId = checkoutOfLink(request.params.token);
      return withdrawFromPurchase(ctx, checkoutId, { kind: 'link' }, request.body);
    },
  );
};
