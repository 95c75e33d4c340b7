import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, updateProfileSchema, type Profile } from '@shared/contracts/profile';
import { requireUser } from '../../platform/auth/guard';
import { getProfile, type ProfileRow } from './get-profile';
import { updateProfile } from './update-profile';

function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.userId,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    avatarUrl: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/profile', { schema: { response: { 200: profileSchema } } }, async (request) => {
    const user = await requireUser(request);
    return toProfile(await getProfile(app.ctx.db, user));
  });

  app.patch(
    '/api/profile',
    {
      // Who is asking comes before what they sent: anonymous callers get 401, not 400.
      onRequest: async (request) => {
        await requireUser(request);
      },
      schema: { body: updateProfileSchema, response: { 200: profileSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      const { fullName, phone } = request.body;
      return toProfile(await updateProfile(app.ctx.db, user, { fullName, phone: phone ?? null }));
    },
  );
};
