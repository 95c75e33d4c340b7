import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingSessionInputSchema,
  bookingSessionParamsSchema,
  bookingSessionPatchSchema,
  bookingSessionSchema,
  bookingSettingsInputSchema,
  bookingSetupSchema,
  businessBookingListSchema,
  businessBookingParamsSchema,
  businessBookingSchema,
  businessBookingsQuerySchema,
  businessCancelBookingSchema,
} from '@shared/contracts/bookings';
import { requireUser } from '../../platform/auth/guard';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { readBookingSetup } from './get-booking-setup';
import { saveBookingSettings } from './save-booking-settings';
import { createBookingSession } from './create-booking-session';
import { updateBookingSession } from './update-booking-session';
import { withdrawBookingSession } from './withdraw-booking-session';
import { listBusinessBookings } from './list-business-bookings';
import { cancelBookingByBusiness } from './cancel-booking-by-business';

const noStore = { 'cache-control': 'no-store' };

/** The dashboard's Bookings tab (ADR 105; contract: shared/contracts/bookings.ts). Each use case scopes to the caller's business. */
export const businessBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/business/booking-setup', { schema: { response: { 200: bookingSetupSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    const business = await requireOwnedBusiness(app.ctx.db, user.id, { mustBeActive: true });
    return reply.headers(noStore).send(await readBookingSetup(app.ctx.db, business.id, app.ctx.now()));
  });

  app.put('/api/business/booking-settings', { schema: { body: bookingSettingsInputSchema, response: { 200: bookingSetupSchema } } }, async (request) => {
    const user = await requireUser(request);
    return saveBookingSettings(app.ctx, user.id, request.body);
  });

  app.post('/api/business/booking-sessions', { schema: { body: bookingSessionInputSchema, response: { 201: bookingSessionSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.status(201).send(await createBookingSession(app.ctx, user.id, request.body));
  });

  app.patch(
    '/api/business/booking-sessions/:id',
    { schema: { params: bookingSessionParamsSchema, body: bookingSessionPatchSchema, response: { 200: bookingSessionSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return updateBookingSession(app.ctx, user.id, request.params.id, request.body);
    },
  );

  app.delete('/api/business/booking-sessions/:id', { schema: { params: bookingSessionParamsSchema, response: { 200: bookingSessionSchema } } }, async (request) => {
    const user = await requireUser(request);
    return withdrawBookingSession(app.ctx, user.id, request.params.id);
  });

  app.get('/api/business/bookings', { schema: { querystring: businessBookingsQuerySchema, response: { 200: businessBookingListSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.headers(noStore).send(await listBusinessBookings(app.ctx.db, user.id, request.query));
  });

  app.post(
    '/api/business/bookings/:id/cancel',
    {
      schema: { params: businessBookingParamsSchema, body: businessCancelBookingSchema, response: { 200: businessBookingSchema } },
      config: { abuse: { does: ['sends-mail'], limits: [], boundedBy: "one mail per booking cancelled, to its recipient, and only the business's own bookings" } },
    },
    async (request) => {
      const user = await requireUser(request);
      return cancelBookingByBusiness(app.ctx, user.id, request.params.id, request.body.reason);
    },
  );
};
