import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { createContact, createGift, createOrder, type BusinessRow, type ContactRow, type GiftRow } from './factories';
import type { TestApp } from './test-app';
import { multipart, samplePdf, samplePng } from './upload-files';

/**
 * THE ROUTE × ACTOR TABLE (issue 13). One row per registered route (method + URL pattern,
 * exactly as Fastify has it); `platform/abuse/route-matrix.int.test.ts` fails for a route
 * without a row, and asks every actor's request of every row, on PGlite and PostgreSQL.
 *
 * To add a route: add a row with the request to make (ids from the world below; create a
 * fresh resource inside `request` when the call consumes it, e.g. a DELETE) and the status
 * each actor must get. Ids in URLs belong to consumer A (contacts) or owner X (business,
 * gifts), so consumer B and owner Y are "the other user" and must get 404 (or 403), never
 * the resource. Use the helpers (`signedIn`, `ownerOnly`, …) or spell out all seven.
 */

export const actors = ['anonymous', 'consumerA', 'consumerB', 'ownerX', 'ownerY', 'pendingOwner', 'admin'] as const;
export type Actor = (typeof actors)[number];

export interface World {
  t: TestApp;
  consumerA: { id: string; email: string; contact: ContactRow };
  consumerB: { id: string };
  ownerX: { id: string; business: BusinessRow; gift: GiftRow; imagePath: string };
  ownerY: { id: string; business: BusinessRow };
  pendingOwner: { id: string; business: BusinessRow };
  admin: { id: string };
}

export type RouteRequest = Omit<InjectOptions, 'method'> & { url: string };

export interface RouteRow {
  /** `METHOD /url/pattern` exactly as registered. */
  route: string;
  /** Built once per actor, just before that actor's call. */
  request: (world: World, actor: Actor) => RouteRequest | Promise<RouteRequest>;
  expect: Record<Actor, number>;
}

const all = (status: number): Record<Actor, number> =>
  Object.fromEntries(actors.map((a) => [a, status])) as Record<Actor, number>;
/** 401 for anonymous callers, `status` for everyone signed in, with exceptions. */
const signedIn = (status: number, except: Partial<Record<Actor, number>> = {}) => ({ ...all(status), anonymous: 401, ...except });
/** The owner X's resource: X gets `status`; Y 404; pending owner 403; consumers and admin 403. */
const ownerXOnly = (status: number, except: Partial<Record<Actor, number>> = {}) =>
  signedIn(403, { ownerX: status, ownerY: 404, ...except });

const upload = async (name: string, contentType: string, data: Buffer, fields: Record<string, string> = {}) => {
  const body = multipart([...Object.entries(fields).map(([n, value]) => ({ name: n, value })), { name: 'file', fileName: name, contentType, data }]);
  return { payload: body.payload, headers: body.headers };
};
const freshContact = (w: World) => createContact(w.t.database.db, { userId: w.consumerA.id, name: `Fresh ${randomUUID().slice(0, 6)}` });
const freshGift = (w: World) => createGift(w.t.database.db, { businessId: w.ownerX.business.id });

export const routeTable: RouteRow[] = [
  // Public
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { route: 'GET /api/auth-options', request: () => ({ url: '/api/auth-options' }), expect: all(200) },
  { route: 'GET /api/auth/*', request: () => ({ url: '/api/auth/get-session' }), expect: all(200) },
  {
    route: 'POST /api/auth/*',
    request: () => ({ url: '/api/auth/update-user', payload: { name: 'Renamed By Matrix' } }),
    expect: signedIn(200),
  },
  { route: 'GET /api/files/public/*', request: (w) => ({ url: w.ownerX.imagePath }), expect: all(200) },
  {
    route: 'POST /api/business/interest',
    request: () => ({ url: '/api/business/interest', payload: { businessName: 'Matrix', email: `matrix-${randomUUID()}@example.test`, locale: 'en' } }),
    expect: all(201),
  },
  {
    route: 'POST /api/business/interest/confirm',
    request: () => ({ url: '/api/business/interest/confirm', payload: { token: 'not-a-real-token', type: 'business' } }),
    expect: all(404),
  },
  {
    route: 'POST /api/business/interest/resend',
    request: () => ({ url: '/api/business/interest/resend', payload: { email: `nobody-${randomUUID()}@example.test` } }),
    expect: all(202),
  },

  // Development aids (createTestApp turns DEV_TOOLS on; without it they are 404, see dev-mail tests)
  { route: 'GET /api/dev/mail', request: () => ({ url: '/api/dev/mail' }), expect: all(200) },
  { route: 'GET /dev/mailbox', request: () => ({ url: '/dev/mailbox' }), expect: all(200) },
  {
    route: 'POST /api/dev/orders',
    request: (w) => ({ url: '/api/dev/orders', payload: { giftId: w.ownerX.gift.id, recipientName: 'Pau' } }),
    expect: all(201),
  },

  // Any signed-in user, their own data
  { route: 'GET /api/profile', request: () => ({ url: '/api/profile' }), expect: signedIn(200) },
  { route: 'PATCH /api/profile', request: () => ({ url: '/api/profile', payload: { fullName: 'Matrix Name' } }), expect: signedIn(200) },
  { route: 'GET /api/account/export', request: () => ({ url: '/api/account/export' }), expect: signedIn(200) },
  // Never deletes here (the actors are needed): a wrong confirmation is refused after the guard.
  { route: 'DELETE /api/account', request: () => ({ url: '/api/account', payload: { confirm: 'someone-else@example.test' } }), expect: signedIn(400) },
  { route: 'GET /api/account/password', request: () => ({ url: '/api/account/password' }), expect: signedIn(200) },
  {
    route: 'POST /api/account/password',
    request: () => ({ url: '/api/account/password', payload: { newPassword: 'a-brand-new-password-42' } }),
    expect: signedIn(409),
  },
  { route: 'GET /api/my/orders', request: () => ({ url: '/api/my/orders' }), expect: signedIn(200) },
  { route: 'GET /api/catalog/businesses', request: () => ({ url: '/api/catalog/businesses' }), expect: signedIn(200) },
  { route: 'GET /api/catalog/businesses/:id', request: (w) => ({ url: `/api/catalog/businesses/${w.ownerX.business.id}` }), expect: signedIn(200) },
  { route: 'GET /api/catalog/gifts', request: () => ({ url: '/api/catalog/gifts' }), expect: signedIn(200) },

  // Contacts: consumer A's
  { route: 'GET /api/contacts', request: () => ({ url: '/api/contacts' }), expect: signedIn(200) },
  { route: 'POST /api/contacts', request: () => ({ url: '/api/contacts', payload: { name: 'Nuevo' } }), expect: signedIn(201) },
  {
    route: 'PATCH /api/contacts/:id',
    request: (w) => ({ url: `/api/contacts/${w.consumerA.contact.id}`, payload: { notes: 'changed by matrix' } }),
    expect: signedIn(404, { consumerA: 200 }),
  },
  {
    route: 'DELETE /api/contacts/:id',
    request: async (w) => ({ url: `/api/contacts/${(await freshContact(w)).id}` }),
    expect: signedIn(404, { consumerA: 204 }),
  },

  // Business onboarding
  { route: 'POST /api/business/confirm-session', request: () => ({ url: '/api/business/confirm-session' }), expect: signedIn(200) },
  // 404 until the caller has a business.
  {
    route: 'GET /api/business/registration',
    request: () => ({ url: '/api/business/registration' }),
    expect: signedIn(404, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  {
    route: 'POST /api/business/registration',
    request: () => ({
      url: '/api/business/registration',
      payload: { businessName: 'Matrix', category: 'coffee_bakery', address: 'Carrer 1', taxId: 'B00000000', businessType: 'company' },
    }),
    // Owners already have a business (409); the others reach validation (a bad tax id).
    expect: signedIn(400, { ownerX: 409, ownerY: 409, pendingOwner: 409 }),
  },

  // Verification documents: every signed-in user may upload their own, before a business
  // exists (the wizard's step 2 keeps them as temporary uploads); each sees only their own.
  {
    route: 'POST /api/business/documents',
    request: async () => ({
      url: '/api/business/documents',
      ...(await upload('licencia.pdf', 'application/pdf', samplePdf(), { type: 'business_license' })),
    }),
    expect: signedIn(201),
  },
  { route: 'GET /api/business/documents', request: () => ({ url: '/api/business/documents' }), expect: signedIn(200) },
  {
    route: 'DELETE /api/business/documents/:type',
    request: () => ({ url: '/api/business/documents/tax_registration' }),
    expect: signedIn(204),
  },
  {
    route: 'GET /api/business/documents/:businessId/:type/download',
    request: (w) => ({ url: `/api/business/documents/${w.pendingOwner.business.id}/id_document/download` }),
    expect: signedIn(404, { pendingOwner: 200, admin: 200 }),
  },

  // The business's public image
  {
    route: 'POST /api/business/image',
    request: async () => ({ url: '/api/business/image', ...(await upload('shop.png', 'image/png', await samplePng(40, 30))) }),
    expect: signedIn(404, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  { route: 'DELETE /api/business/image', request: () => ({ url: '/api/business/image' }), expect: signedIn(404, { ownerX: 204, ownerY: 204, pendingOwner: 204 }) },

  // Owner dashboard (model: business-dashboard/permissions.int.test.ts)
  { route: 'GET /api/business/me', request: () => ({ url: '/api/business/me' }), expect: signedIn(404, { ownerX: 200, ownerY: 200, pendingOwner: 200 }) },
  {
    route: 'PATCH /api/business/me',
    request: () => ({ url: '/api/business/me', payload: { description: 'Nueva descripción' } }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  { route: 'GET /api/business/gifts', request: () => ({ url: '/api/business/gifts' }), expect: signedIn(403, { ownerX: 200, ownerY: 200 }) },
  {
    route: 'POST /api/business/gifts',
    request: () => ({ url: '/api/business/gifts', payload: { name: 'Cena', price: '30' } }),
    expect: signedIn(403, { ownerX: 201, ownerY: 201 }),
  },
  {
    route: 'PATCH /api/business/gifts/:id',
    request: (w) => ({ url: `/api/business/gifts/${w.ownerX.gift.id}`, payload: { isAvailable: true } }),
    expect: ownerXOnly(200),
  },
  { route: 'DELETE /api/business/gifts/:id', request: async (w) => ({ url: `/api/business/gifts/${(await freshGift(w)).id}` }), expect: ownerXOnly(200) },
  {
    route: 'POST /api/business/gifts/:id/image',
    request: async (w) => ({ url: `/api/business/gifts/${w.ownerX.gift.id}/image`, ...(await upload('gift.png', 'image/png', await samplePng(40, 30))) }),
    expect: ownerXOnly(200),
  },
  { route: 'DELETE /api/business/gifts/:id/image', request: async (w) => ({ url: `/api/business/gifts/${(await freshGift(w)).id}/image` }), expect: ownerXOnly(204) },
  { route: 'GET /api/business/orders', request: () => ({ url: '/api/business/orders' }), expect: signedIn(403, { ownerX: 200, ownerY: 200 }) },
  {
    route: 'GET /api/business/orders/updates',
    request: () => ({ url: '/api/business/orders/updates?since=2000-01-01T00:00:00.000Z' }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200 }),
  },
  {
    route: 'GET /api/business/analytics',
    request: () => ({ url: '/api/business/analytics' }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  {
    route: 'POST /api/admin/orders/:id/cancel',
    request: async (w) => ({
      url: `/api/admin/orders/${(await createOrder(w.t.database.db, { buyerId: w.consumerA.id, giftId: w.ownerX.gift.id, status: 'paid' })).id}/cancel`,
      payload: { reason: 'Business closed for good' },
    }),
    expect: signedIn(403, { admin: 200 }),
  },
];
