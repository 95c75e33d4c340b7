import type { FastifyRequest } from 'fastify';
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
import { findRedemptionOrder } from './find-redemption-order';
import { redeemOrder } from './redeem-order';

/**
 * Typing 8 characters is the one way to reach an order without holding its whole code, so
 * those lookups are counted per business: plenty for a busy counter, far too few to walk
 * through the 2^48 possible suffixes.
 */
export const SUFFIX_LOOKUP_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

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

/** A suffix lookup counts against the business (its id as the database has it); a full code does not. */
async function suffixLookupKey(request: FastifyRequest): Promise<string | undefined> {
  const input = parseRedemptionInput((request.body as { code: string }).code);
  return input.kind === 'suffix' ? (await requireRedeemingBusiness(request)).id : undefined;
}

/** Redemption at the counter (contract: src/shared/contracts/redemption.ts). */
export const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/redemptions/lookup',
    {
      preValidation: ownerOfActiveBusiness,
      // Typed suffixes are few per business and hour at a real counter; guessing is not.
      config: { abuse: { does: ['looks-up-code'], limits: [{ name: 'redeem-suffix', rule: SUFFIX_LOOKUP_LIMIT, key: suffixLookupKey }] } },
      schema: { body: redemptionLookupInputSchema, response: { 200: redemptionOrderSchema } },
    },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const input = parseRedemptionInput(request.body.code);
      if (input.kind === 'invalid') {
        throw new AppError('redemption_code_invalid', 400, 'Type the whole code or its last 8 characters');
      }
      const order = await findRedemptionOrder(app.ctx.db, business.id, input, app.ctx.now());
      return reply.headers(noStore).send(order);
    },
  );

  app.post(
    '/api/business/redemptions',
    {
      preValidation: ownerOfActiveBusiness,
      config: { abuse: { does: ['sends-mail'], limits: [], boundedBy: 'one "gift enjoyed" mail per order: an order redeems once' } },
      schema: { body: redeemInputSchema, response: { 200: redemptionOrderSchema } },
    },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const user = await requireUser(request);
      const order = await redeemOrder(app.ctx, {
        business: { id: business.id, name: business.name },
        userId: user.id,
        orderId: request.body.orderId,
        method: request.body.method,
      });
      return reply.headers(noStore).send(order);
    },
  );
};
