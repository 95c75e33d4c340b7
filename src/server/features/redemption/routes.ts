import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  redeemInputSchema,
  redemptionLookupInputSchema,
  redemptionOrderSchema,
} from '@shared/contracts/redemption';
import { parseRedemptionInput } from '@shared/domain/redemption-code';
import { requireUser } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { RateLimitRule } from '../../platform/rate-limit';
import { canRedeem } from '@shared/domain/business';
import { requireOwnedBusiness, type OwnedBusiness } from '../../domain/businesses/owned-business';
import { findRedemptionOrder, type RecipientCode } from './find-redemption-order';
import { redeemOrder } from './redeem-order';

/**
 * A typed code is 40 bits and works only among the caller's gifts, so typing one (to look a
 * gift up or to redeem it) is counted per business: plenty for a counter where the scan
 * failed (a lookup and a redemption per gift), far too few to guess one of 2^40.
 */
export const TYPED_CODE_LIMIT: RateLimitRule = { limit: 60, windowMs: 10 * 60 * 1000 };

const noStore = { 'cache-control': 'no-store' };

/**
 * The caller's business, if it may redeem: an active one, or one the platform team approved
 * and later deactivated — gifts already paid for stay redeemable (issue 12). A business that
 * was never approved has nothing to redeem.
 */
function requireRedeemingBusiness(request: FastifyRequest): Promise<OwnedBusiness> {
  // Asked before validation and again by the handler: looked up once per request.
  let pending = redeemingBusinessOf.get(request);
  if (!pending) {
    pending = findRedeemingBusiness(request);
    redeemingBusinessOf.set(request, pending);
  }
  return pending;
}

const redeemingBusinessOf = new WeakMap<FastifyRequest, Promise<OwnedBusiness>>();

async function findRedeemingBusiness(request: FastifyRequest): Promise<OwnedBusiness> {
  const user = await requireUser(request);
  const business = await requireOwnedBusiness(request.server.ctx.db, user.id);
  if (!canRedeem(business)) throw new AppError('business_inactive', 403, 'Your business is not active yet');
  return business;
}

// Before body validation, so a caller who may not redeem learns nothing about the input rules.
async function ownerOfActiveBusiness(request: FastifyRequest) {
  await requireRedeemingBusiness(request);
}

/**
 * What the recipient showed (the body's `code`); typed codes count against the business's
 * limit (typed at a real counter: few an hour; guessing: many).
 */
async function recipientCode(raw: string, request: FastifyRequest, reply: FastifyReply, business: OwnedBusiness): Promise<RecipientCode> {
  const input = parseRedemptionInput(raw);
  if (input.kind === 'invalid') {
    throw new AppError('redemption_code_invalid', 400, 'Scan the QR code, or type the whole code or the 8-character code under it');
  }
  if (input.kind === 'typed') await request.server.limitRate(request, reply, [[`redeem-typed:${business.id}`, TYPED_CODE_LIMIT]]);
  return input;
}

/** Redemption at the counter (contract: src/shared/contracts/redemption.ts). */
export const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/redemptions/lookup',
    { preValidation: ownerOfActiveBusiness, schema: { body: redemptionLookupInputSchema, response: { 200: redemptionOrderSchema } } },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const code = await recipientCode(request.body.code, request, reply, business);
      const order = await findRedemptionOrder(app.ctx.db, business.id, code, app.ctx.now());
      return reply.headers(noStore).send(order);
    },
  );

  app.post(
    '/api/business/redemptions',
    { preValidation: ownerOfActiveBusiness, schema: { body: redeemInputSchema, response: { 200: redemptionOrderSchema } } },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const user = await requireUser(request);
      const code = await recipientCode(request.body.code, request, reply, business);
      const order = await redeemOrder(app.ctx, { business: { id: business.id, name: business.name }, userId: user.id, code });
      return reply.headers(noStore).send(order);
    },
  );
};
