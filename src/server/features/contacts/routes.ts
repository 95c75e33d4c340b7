import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactParamsSchema,
  contactPatchSchema,
  contactSchema,
} from '@shared/contracts/contacts';
import { requireUser } from '../../platform/auth/guard';
import { createContact } from './create-contact';
import { deleteContact } from './delete-contact';
import { listContacts } from './list-contacts';
import { updateContact } from './update-contact';

/** The signed-in user's own contacts; other users' contacts answer 404. */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/contacts',
    { schema: { querystring: contactListQuerySchema, response: { 200: contactListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { items: await listContacts(app.ctx.db, user.id, request.query) };
    },
  );

  app.post(
    '/api/contacts',
    { schema: { body: contactInputSchema, response: { 201: contactSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const contact = await createContact(app.ctx.db, user.id, request.body);
      return reply.status(201).send(contact);
    },
  );

  app.patch(
    '/api/contacts/:id',
    { schema: { params: contactParamsSchema, body: contactPatchSchema, response: { 200: contactSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return updateContact(app.ctx.db, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/contacts/:id',
    { schema: { params: contactParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteContact(app.ctx.db, user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
