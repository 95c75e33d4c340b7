import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessPayoutsSchema, onboardingLinkSchema, payoutAccountSchema, testOnboardingParamsSchema } from '@shared/contracts/payouts';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { getPayoutAccount } from '../../money/payout-accounts/payout-account-view';
import { getSessionUser, requireUser } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { completeTestOnboarding } from '../../money/payout-accounts/complete-test-onboarding';
import { getBusinessPayouts } from '../../money/payout-accounts/get-business-payouts';
import { refreshPayoutOnboarding } from '../../money/payout-accounts/refresh-payout-onboarding';
import { ONBOARDING_REFRESH_PATH, PAYOUTS_TAB_PATH, startPayoutOnboarding } from '../../money/payout-accounts/start-payout-onboarding';

const noStore = { 'cache-control': 'no-store' };

/** The owner's payout account and payouts (contract: src/shared/contracts/payouts.ts). */
export const payoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/business/payout-account', { schema: { response: { 200: payoutAccountSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const business = await requireOwnedBusiness(app.ctx.db, user.id);
    return reply.headers(noStore).send(await getPayoutAccount(app.ctx.db, business.id));
  });

  app.post('/api/business/payout-account/onboarding', { schema: { response: { 200: onboardingLinkSchema } } }, async (request) => {
    const user = await requireUser(request);
    return startPayoutOnboarding(app.ctx, user.id);
  });

  // The Account Link's refresh_url: a browser navigation from the provider's page, so it
  // answers with redirects. Signed out (the session ended meanwhile): to sign in first.
  app.get(ONBOARDING_REFRESH_PATH, async (request, reply) => {
    const user = await getSessionUser(request);
    if (!user) return reply.headers(noStore).redirect(`/auth?next=${encodeURIComponent(PAYOUTS_TAB_PATH)}`, 303);
    await requireUser(request);
    return reply.headers(noStore).redirect(await refreshPayoutOnboarding(app.ctx, user.id), 303);
  });

  app.get('/api/business/payouts', { schema: { response: { 200: businessPayoutsSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.headers(noStore).send(await getBusinessPayouts(app.ctx.db, user.id));
  });

  app.post(
    '/api/payouts/test/onboarding/:outcome',
    { schema: { params: testOnboardingParamsSchema, response: { 200: payoutAccountSchema } } },
    async (request) => {
      // The test provider's onboarding page only exists when it is the configured provider.
      if (app.ctx.payments.name !== 'test') throw AppError.notFound();
      const user = await requireUser(request);
      return completeTestOnboarding(app.ctx, user.id, request.params.outcome);
    },
  );
};
