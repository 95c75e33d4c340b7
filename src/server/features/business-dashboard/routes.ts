import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_FIELDS } from '@shared/contracts/business-documents';
import {
  analyticsQuerySchema,
  businessAnalyticsSchema,
  businessProfilePatchSchema,
  commissionAcceptanceSchema,
  ownerMailSettingsSchema,
  dashboardBusinessSchema,
  dashboardGiftListSchema,
  dashboardGiftSchema,
  dashboardOrderPageSchema,
  giftDeleteResultSchema,
  giftImageSchema,
  giftInputSchema,
  giftParamsSchema,
  giftPatchSchema,
  invoicingDetailsSchema,
  ordersQuerySchema,
  orderUpdatesQuerySchema,
  orderUpdatesSchema,
} from '@shared/contracts/business-dashboard';
import { MAX_IMAGE_BYTES } from '@shared/domain/documents';
import { requireUser } from '../../platform/auth/guard';
import { receiveUpload } from '../../platform/uploads/receive-upload';
import { getBusinessAnalytics } from './business-analytics/get-business-analytics';
import { createBusinessGift } from './business-gifts/create-business-gift';
import { deleteBusinessGift } from './business-gifts/delete-business-gift';
import { findBusinessGift } from './business-gifts/gift-row';
import { listBusinessGifts } from './business-gifts/list-business-gifts';
import { removeGiftImage } from './business-gifts/remove-gift-image';
import { updateBusinessGift } from './business-gifts/update-business-gift';
import { uploadGiftImage } from './business-gifts/upload-gift-image';
import { listBusinessOrders } from './business-orders/list-business-orders';
import { listOrderUpdates } from './business-orders/list-order-updates';
import { getDashboardBusiness } from './business-profile/get-dashboard-business';
import { updateBusinessProfile } from './business-profile/update-business-profile';
import { acceptCommissionRate } from './business-profile/accept-commission-rate';
import { updateOwnerMailSettings } from './business-profile/update-owner-mail-settings';
import { updateInvoicingDetails } from './business-profile/update-invoicing-details';
import { updateSellerDetails } from './business-profile/update-seller-details';
import { sellerDetailsInputSchema } from '@shared/contracts/seller-details';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { shopPosterQuerySchema } from '@shared/contracts/business-shop';
import { getShopPoster } from './business-shop/get-shop-poster';
import { launchChecklistSchema } from '@shared/contracts/launch-checklist';
import { getLaunchChecklist } from './business-profile/get-launch-checklist';

// Every read and write is scoped inside the use case to the business the caller owns.
const noStore = { 'cache-control': 'no-store' };

/** The owner's dashboard: profile, gifts, orders and analytics (contract: business-dashboard.ts). */
export const businessDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/business/me', { schema: { response: { 200: dashboardBusinessSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.headers(noStore).send(await getDashboardBusiness(app.ctx.db, user.id));
  });

  // What is left before the first sale (contract: launch-checklist.ts).
  app.get('/api/business/launch-checklist', { schema: { response: { 200: launchChecklistSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.headers(noStore).send(await getLaunchChecklist(app.ctx.db, user.id));
  });

  app.patch(
    '/api/business/me',
    {
      // To the owner's own, proven address, once per return to review (only the team's next
      // approval makes another possible).
      config: { abuse: { does: ['sends-mail'], limits: [], boundedBy: 'one mail to the owner per return to review; a new one needs the team to approve first' } },
      schema: { body: businessProfilePatchSchema, response: { 200: dashboardBusinessSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return updateBusinessProfile(app.ctx, user.id, request.body);
    },
  );

  app.post(
    '/api/business/commission/accept',
    { schema: { body: commissionAcceptanceSchema, response: { 200: dashboardBusinessSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return acceptCommissionRate(app.ctx, user.id, request.body);
    },
  );

  app.put(
    '/api/business/mail-settings',
    { schema: { body: ownerMailSettingsSchema, response: { 200: dashboardBusinessSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return updateOwnerMailSettings(app.ctx, user.id, request.body);
    },
  );

  app.put(
    '/api/business/invoicing-details',
    { schema: { body: invoicingDetailsSchema, response: { 200: dashboardBusinessSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return updateInvoicingDetails(app.ctx, user.id, request.body);
    },
  );

  app.put(
    '/api/business/seller-details',
    { schema: { body: sellerDetailsInputSchema, response: { 200: dashboardBusinessSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return updateSellerDetails(app.ctx, user.id, request.body);
    },
  );

  // The printable counter poster (ADR 067): HTML to print, for the owner only.
  app.get('/api/business/shop-poster', { schema: { querystring: shopPosterQuerySchema } }, async (request, reply) => {
    const user = await requireUser(request);
    const html = await getShopPoster(app.ctx, user.id, { size: request.query.size, language: request.query.lang });
    return reply.headers(noStore).type('text/html; charset=utf-8').send(html);
  });

  app.get('/api/business/gifts', { schema: { response: { 200: dashboardGiftListSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.headers(noStore).send(await listBusinessGifts(app.ctx.db, user.id));
  });

  app.post(
    '/api/business/gifts',
    { schema: { body: giftInputSchema, response: { 201: dashboardGiftSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createBusinessGift(app.ctx, user.id, request.body));
    },
  );

  app.patch(
    '/api/business/gifts/:id',
    { schema: { params: giftParamsSchema, body: giftPatchSchema, response: { 200: dashboardGiftSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return updateBusinessGift(app.ctx, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/business/gifts/:id',
    { schema: { params: giftParamsSchema, response: { 200: giftDeleteResultSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return deleteBusinessGift(app.ctx, user.id, request.params.id);
    },
  );

  app.post(
    '/api/business/gifts/:id/image',
    { schema: { params: giftParamsSchema, response: { 200: giftImageSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      // Refuse before reading a 5 MB body for a gift that is not the caller's.
      const business = await requireOwnedBusiness(app.ctx.db, user.id, { mustBeActive: true });
      await findBusinessGift(app.ctx.db, business.id, request.params.id);
      const upload = await receiveUpload(request, reply, {
        maxBytes: MAX_IMAGE_BYTES,
        tooLargeCode: 'image_too_large',
        fileField: UPLOAD_FIELDS.file,
      });
      return uploadGiftImage(app.ctx, user.id, request.params.id, upload.body);
    },
  );

  app.delete('/api/business/gifts/:id/image', { schema: { params: giftParamsSchema } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeGiftImage(app.ctx, user.id, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/business/orders',
    { schema: { querystring: ordersQuerySchema, response: { 200: dashboardOrderPageSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.headers(noStore).send(await listBusinessOrders(app.ctx.db, user.id, request.query, app.ctx.now()));
    },
  );

  app.get(
    '/api/business/orders/updates',
    { schema: { querystring: orderUpdatesQuerySchema, response: { 200: orderUpdatesSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const updates = await listOrderUpdates(app.ctx, user.id, new Date(request.query.since));
      return reply.headers(noStore).send(updates);
    },
  );

  app.get(
    '/api/business/analytics',
    { schema: { querystring: analyticsQuerySchema, response: { 200: businessAnalyticsSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.headers(noStore).send(await getBusinessAnalytics(app.ctx, user.id, request.query));
    },
  );
};
