import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  redeemInputSchema,
  redemptionLookupInputSchema,
  redemptionOrderSchema,
  undoCardUseInputSchema,
} from '@shared/contracts/redemption';
import { parseRedemptionInput } from '@shared/domain/redemption-code';
import { requireUser, sessionKey } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { DeclaredLimit, RateLimitRule } from '../../platform/rate-limit';
import { canRedeem } from '@shared/domain/business';
import { requireOwnedBusiness, type OwnedBusiness } from '../../domain/businesses/owned-business';
import { findRedemptionOrder, type RecipientCode } from './find-redemption-order';
import { redeemOrder } from './redeem-order';
import { undoCardUse } from '../../domain/orders/undo-card-use';
import { ownRedemptionRow, withCard } from './redemption-order';
import { useCard } from './use-card';

const MINUTE = 60_000;

/**
 * A typed code is 40 bits and works only among the caller's gifts. Typing one that finds a
 * gift (to look it up or to redeem it) is never counted: a busy counter types as fast as it
 * serves. Wrong ones are: WRONG_TYPED_CODES_PER_SESSION lock out the device that typed them
 * (its signed-in session) until the window ends, right codes too, while the business's other
 * devices go on; WRONG_TYPED_CODES_PER_BUSINESS, across every session of the business, lock
 * its typed codes for the rest of the day (scans go on), a ceiling only someone guessing
 * from session after session reaches. At most 200 guesses a day among 2^40 codes.
 */
export const WRONG_TYPED_CODES_PER_SESSION: RateLimitRule = { limit: 10, windowMs: 15 * MINUTE };
export const WRONG_TYPED_CODES_PER_BUSINESS: RateLimitRule = { limit: 200, windowMs: 24 * 60 * MINUTE };

const noStore = { 'cache-control': 'no-store' };

/**
 * The caller's business, if it may redeem: an active one, or one the platform team approved
 * and later deactivated — gifts already paid for stay redeemable. A business that
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

const isTypedCode = (request: FastifyRequest) => parseRedemptionInput((request.body as { code: string }).code).kind === 'typed';

/** Wrong typed codes count against the device (its session) and the business; a scanned or whole code never does. */
const typedCodeLimits: DeclaredLimit[] = [
  {
    name: 'redeem-typed-wrong-session',
    rule: WRONG_TYPED_CODES_PER_SESSION,
    key: async (request) => (isTypedCode(request) ? sessionKey(request) : undefined),
    counts: 'misses',
    lockout: true,
  },
  {
    name: 'redeem-typed-wrong-business',
    rule: WRONG_TYPED_CODES_PER_BUSINESS,
    key: async (request) => (isTypedCode(request) ? (await requireRedeemingBusiness(request)).id : undefined),
    counts: 'misses',
    lockout: true,
  },
];

/**
 * Runs a lookup by the recipient's code; a typed code that finds none of the business's
 * gifts counts as a wrong one (429 once the limit is passed, the 404 otherwise).
 */
async function countingWrongTypedCodes<T>(request: FastifyRequest, reply: FastifyReply, code: RecipientCode, lookUp: () => Promise<T>): Promise<T> {
  try {
    return await lookUp();
  } catch (error) {
    if (code.kind === 'typed' && error instanceof AppError && error.code === 'order_not_found') await request.server.limitMisses(request, reply);
    throw error;
  }
}

/** What the recipient showed, from the body's `code` (checked by both contracts before the handler). */
function recipientCode(code: string): RecipientCode {
  const input = parseRedemptionInput(code);
  if (input.kind === 'invalid') {
    throw new AppError('redemption_code_invalid', 400, 'Scan the QR code, or type the whole code or the 8-character code under it');
  }
  return input;
}

/** Redemption at the counter (contract: src/shared/contracts/redemption.ts). */
export const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/redemptions/lookup',
    {
      preValidation: ownerOfActiveBusiness,
      config: { abuse: { does: ['looks-up-code'], limits: typedCodeLimits } },
      schema: { body: redemptionLookupInputSchema, response: { 200: redemptionOrderSchema } },
    },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const code = recipientCode(request.body.code);
      const order = await countingWrongTypedCodes(request, reply, code, () => findRedemptionOrder(app.ctx.db, business.id, code, app.ctx.now()));
      return reply.headers(noStore).send(order);
    },
  );

  app.post(
    '/api/business/redemptions',
    {
      preValidation: ownerOfActiveBusiness,
      // One "gift enjoyed" mail per order (an order redeems once); the code is looked up too.
      config: { abuse: { does: ['sends-mail', 'looks-up-code'], limits: typedCodeLimits } },
      schema: { body: redeemInputSchema, response: { 200: redemptionOrderSchema } },
    },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const user = await requireUser(request);
      const code = recipientCode(request.body.code);
      const { amountCents, idempotencyKey } = request.body;
      const who = { business: { id: business.id, name: business.name }, userId: user.id, code };
      const order = await countingWrongTypedCodes(request, reply, code, () =>
        // A gift card is spent by an amount (ADR 104); a fixed gift redeems whole.
        amountCents !== undefined && idempotencyKey !== undefined ? useCard(app.ctx, { ...who, amountCents, idempotencyKey }) : redeemOrder(app.ctx, who),
      );
      return reply.headers(noStore).send(order);
    },
  );

  app.post(
    '/api/business/redemptions/uses/:useId/undo',
    {
      preValidation: ownerOfActiveBusiness,
      schema: { params: z.object({ useId: z.uuid({ error: 'card_use_not_found' }) }), body: undoCardUseInputSchema, response: { 200: redemptionOrderSchema } },
    },
    async (request, reply) => {
      const business = await requireRedeemingBusiness(request);
      const user = await requireUser(request);
      const now = app.ctx.now();
      const { orderId } = await undoCardUse(app.ctx.db, {
        useId: request.params.useId,
        undoer: { as: 'business', businessId: business.id, userId: user.id },
        reason: request.body.reason,
        now,
      });
      const row = await ownRedemptionRow(app.ctx.db, business.id, orderId);
      return reply.headers(noStore).send(await withCard(app.ctx.db, row, now));
    },
  );
};
