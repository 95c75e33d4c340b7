import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { transfers } from '../db/schema/payouts';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { legalPages, PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { madridMonthOf } from '@shared/domain/statement-month';
import { authedInject } from './auth-helpers';
import {
  createBusiness,
  createBusinessApplication,
  createContact,
  createGift,
  createOrder,
  createUser,
  type BusinessRow,
  type ContactRow,
  type GiftRow,
  type OrderRow,
} from './factories';
import type { TestApp } from './test-app';
import { listingReports } from '../db/schema/listing-reports';
import { businesses } from '../db/schema/businesses';
import { bookingSessions } from '../db/schema/bookings';
import { checkouts, orders, redemptions } from '../db/schema/orders';
import { settleRedemption } from '../money/transfers/settle-redemption';
import { multipart, samplePdf, samplePng } from './upload-files';
import { createIssuedInvoice } from './invoice-factory';
import { PUBLIC_PAGE_SCRIPT_PATH } from '../platform/public-page';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { createWithdrawalToken } from '../domain/orders/withdrawal-link';
import { createPurchaseToken } from '../domain/orders/purchase-link';
import { bookableOrder, bookingBusiness, weeklySession } from './booking-test-world';
import { listFreeTimes } from '../domain/bookings/list-free-times';
import { bookGiftTime } from '../domain/bookings/book-gift-time';
import { slotKey } from '../domain/bookings/claim-slot';

/**
 * THE ROUTE × ACTOR TABLE. Every endpoint must check who asks and what they own, so every
 * route is listed with what each kind of caller gets: one row per registered route (method + URL pattern,
 * exactly as Fastify has it); `platform/abuse/route-matrix.int.test.ts` fails for a route
 * without a row, and asks every actor's request of every row, on PGlite and PostgreSQL.
 *
 * To add a route: add a row with the request to make (ids from the world below; create a
 * fresh resource inside `request` when the call consumes it, e.g. a DELETE) and the status
 * each actor must get. Ids in URLs belong to consumer A (contacts) or owner X (business,
 * gifts), so consumer B and owner Y are "the other user" and must get 404 (or 403), never
 * the resource. Use the helpers (`signedIn`, `ownerOnly`, …) or spell out all seven.
 */

export const actors = ['anonymous', 'consumerA', 'consumerB', 'ownerX', 'ownerY', 'pendingOwner', 'admin', 'passHolder'] as const;
export type Actor = (typeof actors)[number];
/**
 * `passHolder` is a phone holding consumer A's gift's Apple Wallet pass (ADR 107): no session,
 * only the pass's `ApplePass <token>`, which the wallet rows send for it. To every other route
 * it is a stranger, so a row that leaves it out expects of it what it expects of `anonymous`.
 */
type PersonActor = Exclude<Actor, 'passHolder'>;

export interface World {
  t: TestApp;
  /**
   * `order`: paid and delivered (with a recipient email), for owner X's gift;
   * `checkoutId`: a pending checkout of A's (test provider); `cookie`: to make more of them.
   */
  consumerA: { id: string; email: string; cookie: string; contact: ContactRow; order: OrderRow; checkoutId: string };
  consumerB: { id: string };
  ownerX: { id: string; business: BusinessRow; gift: GiftRow; imagePath: string };
  ownerY: { id: string; business: BusinessRow };
  pendingOwner: { id: string; business: BusinessRow };
  admin: { id: string };
  /**
   * A gift on sale whose business no actor owns: the owners' own rows (a document upload)
   * send X and Y back to review, which takes their gifts off sale for the rows after them.
   */
  listedGift: GiftRow;
  /** Consumer A's gift's pass (downloaded), its token, and a device registered for its updates. */
  passHolder: { serial: string; token: string; deviceLibraryId: string; passTypeId: string };
}

export type RouteRequest = Omit<InjectOptions, 'method'> & { url: string };

export interface RouteRow {
  /** `METHOD /url/pattern` exactly as registered. */
  route: string;
  /** Built once per actor, just before that actor's call. */
  request: (world: World, actor: Actor) => RouteRequest | Promise<RouteRequest>;
  expect: Record<PersonActor, number> & Partial<Record<'passHolder', number>>;
}

/** What a row expects of an actor (the pass holder, unless named, as anonymous). */
export const expectedStatus = (row: RouteRow, actor: Actor): number => row.expect[actor] ?? row.expect.anonymous;

const all = (status: number): Record<Actor, number> =>
  Object.fromEntries(actors.map((a) => [a, status])) as Record<Actor, number>;
/** 401 for anonymous callers, `status` for everyone signed in, with exceptions. */
const signedIn = (status: number, except: Partial<Record<Actor, number>> = {}) => ({
  ...all(status),
  anonymous: 401,
  ...except,
  // The pass holder has no session: it gets what the anonymous caller gets.
  passHolder: except.passHolder ?? except.anonymous ?? 401,
});
/** The owner X's resource: X gets `status`; Y 404; pending owner 403; consumers and admin 403. */
const ownerXOnly = (status: number, except: Partial<Record<Actor, number>> = {}) =>
  signedIn(403, { ownerX: status, ownerY: 404, ...except });

const upload = async (name: string, contentType: string, data: Buffer, fields: Record<string, string> = {}) => {
  const body = multipart([...Object.entries(fields).map(([n, value]) => ({ name: n, value })), { name: 'file', fileName: name, contentType, data }]);
  return { payload: body.payload, headers: body.headers };
};
const freshContact = (w: World) => createContact(w.t.database.db, { userId: w.consumerA.id, name: `Fresh ${randomUUID().slice(0, 6)}` });
const freshGift = (w: World) => createGift(w.t.database.db, { businessId: w.ownerX.business.id });
const freshReport = async (w: World) => {
  const [report] = await w.t.database.db
    .insert(listingReports)
    .values({ targetType: 'gift', giftId: w.listedGift.id, businessId: w.listedGift.businessId, category: 'other', explanation: 'Route matrix' })
    .returning();
  return report!;
};
/** The pass holder's `ApplePass <token>`; everyone else asks without one (their cookie is all they have). */
const applePass = (w: World, actor: Actor) => (actor === 'passHolder' ? { headers: { authorization: `ApplePass ${w.passHolder.token}` } } : {});
/** A fresh weekly session of owner X's, every day at 10:00 (so one lies within any week). */
const xSession = (w: World) => weeklySession(w.t.database.db, w.ownerX.business.id, { isoWeekday: 1 + Math.floor(Math.random() * 7), startTime: '10:00', places: 20 });
/** A fresh paid gift of owner X's that needs booking, with a fresh session's next two times. */
const xBookableGift = async (w: World) => {
  const db = w.t.database.db;
  const gift = await createGift(db, { businessId: w.ownerX.business.id, bookingRequired: true, partySize: 1 });
  const session = await xSession(w);
  const order = await bookableOrder(db, gift.id, w.t.app.ctx.now());
  const { times } = await listFreeTimes(db, { businessId: w.ownerX.business.id, giftId: gift.id, validWeekdays: null, expiresAt: order.expiresAt }, { from: '0000-01-01', to: '9999-12-31', partySize: 1, now: w.t.app.ctx.now() });
  const [first, second] = times.filter((candidate) => candidate.sessionId === session.id).slice(1);
  return { order, slot: slotKey(first!), later: slotKey(second!) };
};
/**
 * A fresh stuck gift (ADR 109): its business publishes no time, so the way out is open; with a
 * cheaper gift of the same business to exchange it for. Its own business: X's sessions accept
 * every gift of X's.
 */
const stuckGift = async (w: World) => {
  const db = w.t.database.db;
  const { business } = await bookingBusiness(db);
  // It offered a time once and withdrew it: it books online, with no time now.
  const session = await weeklySession(db, business.id, { isoWeekday: 6, startTime: '20:00', places: 10 });
  await db.update(bookingSessions).set({ withdrawnAt: w.t.app.ctx.now() }).where(eq(bookingSessions.id, session.id));
  const gift = await createGift(db, { businessId: business.id, bookingRequired: true, partySize: 1, price: 4000 });
  const cheaper = await createGift(db, { businessId: business.id, price: 1000 });
  return { order: await bookableOrder(db, gift.id, w.t.app.ctx.now()), cheaper };
};
const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** A fresh booking of a fresh gift of owner X's, beyond the cut-off. */
const xBooking = async (w: World) => {
  const { order, slot } = await xBookableGift(w);
  return (await bookGiftTime(w.t.app.ctx, order.qrCode, { slot, name: 'Matrix' })).id;
};
const DAY_MS = 24 * 60 * 60 * 1000;
/** Owner X's one issued invoice, made on first use. */
const xInvoices = new WeakMap<World, Promise<{ id: string }>>();
const xInvoice = (w: World) => {
  if (!xInvoices.has(w)) xInvoices.set(w, createIssuedInvoice(w.t.database.db, w.t.config, w.ownerX.business.id));
  return xInvoices.get(w)!;
};
/** Consumer A's paid order for owner X's gift (delivered now unless `deliverAt` is later). */
const freshOrder = (w: World, deliverAt?: Date) =>
  createOrder(w.t.database.db, {
    buyerId: w.consumerA.id,
    giftId: w.ownerX.gift.id,
    status: 'paid',
    recipientEmail: `recipient-${randomUUID().slice(0, 6)}@example.test`,
    deliverAt,
  });
/** A use of a fresh gift card of owner X's, just made at the counter (ADR 104): its id. */
const freshCardUse = async (w: World) => {
  const card = await createOrder(w.t.database.db, { buyerId: w.consumerA.id, giftId: w.ownerX.gift.id, valueKind: 'card', amountCents: 5000 });
  const movementId = await settleRedemption(w.t.database.db, {
    orderId: card.id,
    businessId: w.ownerX.business.id,
    checkoutId: card.checkoutId,
    amount: 1000,
    redeemedBy: w.ownerX.id,
    method: 'manual',
    at: new Date(),
    useKey: randomUUID(),
  });
  const [use] = await w.t.database.db.select({ id: redemptions.id }).from(redemptions).where(eq(redemptions.movementId, movementId));
  return use!.id;
};
/** An expired gift of owner X's (expired two days ago), its recipient free to ask for more time. */
const expiredOrder = (w: World) =>
  createOrder(w.t.database.db, { buyerId: w.consumerA.id, giftId: w.ownerX.gift.id, status: 'expired', recipientEmail: `recipient-${randomUUID().slice(0, 6)}@example.test` });
/** The same, with the request for more time made (ADR 064). */
const extensionRequested = async (w: World) => {
  const order = await expiredOrder(w);
  await w.t.database.db.update(orders).set({ extensionRequestedAt: new Date() }).where(eq(orders.id, order.id));
  return order;
};
const withdrawal = (w: World, order: OrderRow) => ({ name: 'Consumer A', email: w.consumerA.email, orderIds: [order.id], locale: 'en' });
const withdrawalToken = (w: World, order: OrderRow) => createWithdrawalToken(w.t.config.authSecret, order.checkoutId!, withdrawalDeadline(order.paidAt!));
/**
 * A paid purchase made without an account (ADR 075) of owner X's gift, and its signed link:
 * the guest's checkout as POST /api/guest-checkouts and the payment leave it, with one order
 * delivered now (with an email to resend to) unless `deliverAt` is later. Fresh per call.
 */
async function guestPurchase(w: World, deliverAt?: Date, guestEmail = `guest-${randomUUID().slice(0, 8)}@example.test`): Promise<{ token: string; order: OrderRow }> {
  const db = w.t.database.db;
  const now = new Date();
  const [checkout] = await db
    .insert(checkouts)
    .values({
      buyerId: null,
      guestName: 'Guest Giver',
      guestEmail,
      guestLocale: 'en',
      status: 'succeeded',
      provider: 'test',
      providerRef: `test_${randomUUID()}`,
      paymentRef: `test_payment_${randomUUID()}`,
      amountTotal: w.ownerX.gift.price,
      idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`,
      termsVersion: TERMS_VERSION,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const order = await createOrder(db, {
    buyerId: null,
    checkoutId: checkout!.id,
    giftId: w.ownerX.gift.id,
    status: 'paid',
    paidAt: now,
    createdAt: now,
    now,
    recipientEmail: `recipient-${randomUUID().slice(0, 6)}@example.test`,
    deliverAt,
  });
  return { token: createPurchaseToken(w.t.config.authSecret, checkout!.id, checkout!.createdAt), order };
}
/** One guest purchase per world, for the rows that only read it. */
const worldGuestPurchases = new WeakMap<World, ReturnType<typeof guestPurchase>>();
const worldGuestPurchase = (w: World) => {
  if (!worldGuestPurchases.has(w)) worldGuestPurchases.set(w, guestPurchase(w));
  return worldGuestPurchases.get(w)!;
};
/** The world's purchase link with its signature altered: a link nobody was given. */
const alteredPurchaseToken = async (w: World) => {
  const { token } = await worldGuestPurchase(w);
  return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
};
/** A pending checkout of consumer A's, made through the API as the web app does. */
export async function createPendingCheckout(t: TestApp, cookie: string, giftId: string): Promise<string> {
  const res = await authedInject(t, cookie, { method: 'POST', url: '/api/checkouts', payload: { idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`, acceptedTermsVersion: TERMS_VERSION, lines: [checkoutLine(giftId)] } });
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
const checkoutLine = (giftId: string) => ({
  giftId,
  recipientName: 'Lucía',
  recipientEmail: `lucia-${randomUUID().slice(0, 6)}@example.test`,
  recipientPhone: null,
  personalMessage: null,
  recipientLocale: 'es',
  delivery: { kind: 'now' },
});
/** A business of a new owner, for the admin's decisions (each call consumes one). */
const freshBusiness = async (w: World, input: Omit<Parameters<typeof createBusiness>[1], 'ownerId'>, withApplication = false) => {
  const owner = await createUser(w.t.database.db, { userType: 'business' });
  const business = await createBusiness(w.t.database.db, { ...input, ownerId: owner.id });
  if (withApplication) await createBusinessApplication(w.t.database.db, { businessId: business.id });
  return business;
};
const pendingBusiness = (w: World) => freshBusiness(w, { verificationStatus: 'pending', isActive: false }, true);
/** A business's current shop slug (made by the database from its name). */
async function businessSlugOf(w: World, businessId: string): Promise<string> {
  const [row] = await w.t.database.db.select({ slug: businesses.slug }).from(businesses).where(eq(businesses.id, businessId));
  return row!.slug;
}

/** A gift of the listed business that is off sale, made once per world: its page answers 410. */
const offSaleGiftPaths = new WeakMap<World, Promise<string>>();
function offSaleGiftPathOf(w: World): Promise<string> {
  let path = offSaleGiftPaths.get(w);
  if (!path) {
    path = createGift(w.t.database.db, { businessId: w.listedGift.businessId, name: `Off sale ${randomUUID()}`, isAvailable: false }).then(
      async (gift) => `/b/${await businessSlugOf(w, gift.businessId)}/${gift.slug}`,
    );
    offSaleGiftPaths.set(w, path);
  }
  return path;
}

/** Anonymous callers 401, everyone but the platform team 403. */
const adminOnly = (status: number) => signedIn(403, { admin: status });
/** Only an active business's owner redeems, and only its own orders (Y: `order_other_business`). */
const redeemerX = (status: number) => signedIn(403, { ownerX: status });

export const routeTable: RouteRow[] = [
  // Public
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { route: 'GET /api/auth-options', request: () => ({ url: '/api/auth-options' }), expect: all(200) },
  // Who runs Regalo and how to reach them (privacy page, footers): public by nature.
  { route: 'GET /api/operator', request: () => ({ url: '/api/operator' }), expect: all(200) },
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
    // Needs the mailed link's token: an unknown one is refused alike for everyone, signed in or not.
    route: 'POST /api/business/interest/password',
    request: () => ({ url: '/api/business/interest/password', payload: { token: 'not-a-real-token', email: 'matrix@example.test', newPassword: 'a-brand-new-password-42' } }),
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
  { route: 'POST /api/dev/test-world', request: () => ({ url: '/api/dev/test-world', payload: { kind: 'giver' } }), expect: all(201) },

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
  { route: 'GET /api/my/pending-purchases', request: () => ({ url: '/api/my/pending-purchases' }), expect: signedIn(200) },
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

  // Payouts (ADR 053): the caller's own business only, no ids. Before the document rows, which
  // send X and Y back to review. Approved X and Y have test accounts already; the pending
  // owner may look but not connect (409) and has no account to complete (404).
  { route: 'GET /api/business/payout-account', request: () => ({ url: '/api/business/payout-account' }), expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }) },
  {
    route: 'POST /api/business/payout-account/onboarding',
    request: () => ({ url: '/api/business/payout-account/onboarding' }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 409 }),
  },
  {
    // The Account Link's refresh_url, a browser navigation: a new link for the caller's own
    // account (X and Y: 303 to their own); signed out, 303 to sign in; the pending owner has
    // no account, so 303 to the tab; givers and the team own no business (403).
    route: 'GET /api/business/payout-account/onboarding/refresh',
    request: () => ({ url: '/api/business/payout-account/onboarding/refresh' }),
    expect: signedIn(403, { anonymous: 303, ownerX: 303, ownerY: 303, pendingOwner: 303 }),
  },
  { route: 'GET /api/business/payouts', request: () => ({ url: '/api/business/payouts' }), expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }) },
  {
    route: 'POST /api/payouts/test/onboarding/:outcome',
    // `complete`: X's and Y's gifts must stay on sale for the rows after this one.
    request: () => ({ url: '/api/payouts/test/onboarding/complete' }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 404 }),
  },

  // Business onboarding
  { route: 'POST /api/business/confirm-session', request: () => ({ url: '/api/business/confirm-session' }), expect: signedIn(200) },
  // 404 until the caller has a business.
  {
    route: 'GET /api/business/registration',
    request: () => ({ url: '/api/business/registration' }),
    expect: signedIn(404, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  // The wizard's draft: each signed-in user's own; owners of a business cannot keep one (409).
  { route: 'GET /api/business/signup-draft', request: () => ({ url: '/api/business/signup-draft' }), expect: signedIn(200) },
  {
    route: 'PUT /api/business/signup-draft',
    request: () => ({ url: '/api/business/signup-draft', payload: { businessName: 'Matrix draft' } }),
    expect: signedIn(204, { ownerX: 409, ownerY: 409, pendingOwner: 409 }),
  },
  {
    route: 'POST /api/business/registration',
    request: () => ({
      url: '/api/business/registration',
      payload: { businessName: 'Matrix', category: 'coffee_bakery', address: 'Carrer 1', taxId: 'B00000000', businessType: 'company', legalName: 'Matrix S.L.', fiscalAddress: 'Carrer 1', district: 'extramurs' },
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
  // Each owner reads their own business's steps (the id never comes from the client).
  { route: 'GET /api/business/launch-checklist', request: () => ({ url: '/api/business/launch-checklist' }), expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }) },
  {
    route: 'PATCH /api/business/me',
    request: () => ({ url: '/api/business/me', payload: { description: 'Nueva descripción' } }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  {
    // Each owner acts on their own business only; with no proposal pending there is nothing to
    // accept (409). Accepting a real proposal: admin/commission-consent.int.test.ts.
    route: 'POST /api/business/commission/accept',
    request: () => ({ url: '/api/business/commission/accept', payload: { commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION } }),
    expect: signedIn(403, { ownerX: 409, ownerY: 409, pendingOwner: 409 }),
  },
  {
    // Each owner completes their own business's details; nobody else has one to complete.
    route: 'PUT /api/business/invoicing-details',
    request: () => ({ url: '/api/business/invoicing-details', payload: { legalName: 'Matrix S.L.', fiscalAddress: 'Carrer de la Matriu, 1, 46001 València', district: 'ciutat_vella' } }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  {
    route: 'PUT /api/business/seller-details',
    request: () => ({ url: '/api/business/seller-details', payload: { ownerFirstName: 'Neo', iban: 'ES91 2100 0418 4502 0005 1332' } }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  {
    route: 'PUT /api/business/mail-settings',
    request: () => ({ url: '/api/business/mail-settings', payload: { orderMailDigest: false } }),
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
  // The Bookings tab (ADR 105): X's sessions and bookings; Y sees its own (none) and never X's.
  { route: 'GET /api/business/booking-setup', request: () => ({ url: '/api/business/booking-setup' }), expect: signedIn(403, { ownerX: 200, ownerY: 200 }) },
  {
    route: 'PUT /api/business/booking-settings',
    request: () => ({ url: '/api/business/booking-settings', payload: { horizonDays: 60, cutoffHours: 24, openOnHolidays: false, closedDays: [] } }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200 }),
  },
  {
    route: 'POST /api/business/booking-sessions',
    request: () => ({ url: '/api/business/booking-sessions', payload: { kind: 'weekly', isoWeekday: 6, startTime: '10:00', lengthMinutes: 60, places: 4 } }),
    expect: signedIn(403, { ownerX: 201, ownerY: 201 }),
  },
  { route: 'PATCH /api/business/booking-sessions/:id', request: async (w) => ({ url: `/api/business/booking-sessions/${(await xSession(w)).id}`, payload: { places: 5 } }), expect: ownerXOnly(200) },
  { route: 'DELETE /api/business/booking-sessions/:id', request: async (w) => ({ url: `/api/business/booking-sessions/${(await xSession(w)).id}` }), expect: ownerXOnly(200) },
  { route: 'GET /api/business/bookings', request: () => ({ url: '/api/business/bookings?from=2026-12-12&days=7' }), expect: signedIn(403, { ownerX: 200, ownerY: 200 }) },
  {
    route: 'POST /api/business/bookings/:id/cancel',
    request: async (w) => ({ url: `/api/business/bookings/${await xBooking(w)}/cancel`, payload: { reason: 'Closed for repairs' } }),
    expect: ownerXOnly(200),
  },
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

  // Checkout and payment: anyone signed in buys; a checkout is its buyer's alone (404 to others)
  {
    // Open to guests too (ADR 075): the prices of gifts on sale are public anyway.
    route: 'POST /api/checkouts/quote',
    request: (w) => ({ url: '/api/checkouts/quote', payload: { giftIds: [w.listedGift.id] } }),
    expect: all(200),
  },
  {
    route: 'POST /api/checkouts',
    request: (w) => ({ url: '/api/checkouts', payload: { idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`, acceptedTermsVersion: TERMS_VERSION, lines: [checkoutLine(w.listedGift.id)] } }),
    expect: signedIn(201),
  },
  { route: 'GET /api/checkouts/:id', request: (w) => ({ url: `/api/checkouts/${w.consumerA.checkoutId}` }), expect: signedIn(404, { consumerA: 200 }) },
  {
    // The test provider's "pay" button; succeeding consumes the checkout, so each call gets a fresh one.
    route: 'POST /api/payments/test/:checkoutId/:outcome',
    request: async (w) => ({ url: `/api/payments/test/${await createPendingCheckout(w.t, w.consumerA.cookie, w.listedGift.id)}/succeed` }),
    expect: signedIn(404, { consumerA: 200 }),
  },
  {
    // Registered always, answered only when Stripe is the provider (the tests run the test provider).
    route: 'POST /api/payments/stripe/webhook',
    request: () => ({ url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' }, payload: '{}' }),
    expect: all(404),
  },

  // The giver's orders: consumer A's (another's id answers 404, like an unknown one)
  {
    route: 'POST /api/my/orders/:id/resend',
    request: async (w) => ({ url: `/api/my/orders/${(await freshOrder(w)).id}/resend` }),
    expect: signedIn(404, { consumerA: 204 }),
  },
  {
    route: 'PATCH /api/my/orders/:id/delivery',
    request: async (w) => ({
      url: `/api/my/orders/${(await freshOrder(w, new Date(Date.now() + 10 * DAY_MS))).id}/delivery`,
      payload: { recipientEmail: 'new-address@example.test', recipientPhone: null, delivery: { kind: 'scheduled', ...instantToMadridLocal(new Date(Date.now() + 11 * DAY_MS)) } },
    }),
    expect: signedIn(404, { consumerA: 200 }),
  },
  {
    // Consumer A's own pending checkout; anyone else's attempt is "not found" and closes nothing.
    route: 'POST /api/my/pending-purchases/:id/discard',
    request: async (w) => ({ url: `/api/my/pending-purchases/${await createPendingCheckout(w.t, w.consumerA.cookie, w.listedGift.id)}/discard` }),
    expect: signedIn(404, { consumerA: 204 }),
  },

  // The right of withdrawal (ADR 064): consumer A's purchase; anyone else's is "not found".
  {
    route: 'GET /api/my/withdrawals/:checkoutId',
    request: (w) => ({ url: `/api/my/withdrawals/${w.consumerA.order.checkoutId}` }),
    expect: signedIn(404, { consumerA: 200 }),
  },
  {
    route: 'POST /api/my/withdrawals/:checkoutId',
    request: async (w) => {
      const order = await freshOrder(w);
      return { url: `/api/my/withdrawals/${order.checkoutId}`, payload: withdrawal(w, order) };
    },
    expect: signedIn(404, { consumerA: 200 }),
  },
  // The receipt's signed link works for whoever holds it, signed in or not (it is the proof).
  {
    route: 'GET /api/withdrawal-links/:token',
    request: (w) => ({ url: `/api/withdrawal-links/${withdrawalToken(w, w.consumerA.order)}` }),
    expect: all(200),
  },
  {
    route: 'POST /api/withdrawal-links/:token',
    request: async (w) => {
      const order = await freshOrder(w);
      return { url: `/api/withdrawal-links/${withdrawalToken(w, order)}`, payload: withdrawal(w, order) };
    },
    expect: all(200),
  },

  // Buying without an account (ADR 075): anyone may, signed in or not (limited per IP and email).
  {
    route: 'POST /api/guest-checkouts',
    request: (w) => ({
      url: '/api/guest-checkouts',
      payload: {
        idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`,
        acceptedTermsVersion: TERMS_VERSION,
        lines: [checkoutLine(w.listedGift.id)],
        buyer: { name: 'Guest Giver', email: `guest-${randomUUID().slice(0, 8)}@example.test`, locale: 'en' },
      },
    }),
    expect: all(201),
  },
  // The guest's purchase link works for whoever holds it, signed in or not (it is the proof);
  // an altered one opens nothing for anyone. Resending and changing a delivery consume an
  // order (the next resend would wait for the mail), so each call gets a fresh purchase.
  // "Find my purchases": the same answer for everyone, whoever asks and whatever the address bought.
  {
    route: 'POST /api/purchase-links',
    request: () => ({ url: '/api/purchase-links', payload: { email: `lost-${randomUUID().slice(0, 8)}@example.test`, locale: 'en' } }),
    expect: all(204),
  },
  { route: 'GET /api/purchases/:token', request: async (w) => ({ url: `/api/purchases/${(await worldGuestPurchase(w)).token}` }), expect: all(200) },
  { route: 'GET /api/purchases/:token', request: async (w) => ({ url: `/api/purchases/${await alteredPurchaseToken(w)}` }), expect: all(404) },
  {
    route: 'POST /api/purchases/:token/orders/:id/resend',
    request: async (w) => {
      const { token, order } = await guestPurchase(w);
      return { url: `/api/purchases/${token}/orders/${order.id}/resend` };
    },
    expect: all(204),
  },
  {
    // Consumer A's order is not the purchase's: "not found" for everyone, nothing sent.
    route: 'POST /api/purchases/:token/orders/:id/resend',
    request: async (w) => ({ url: `/api/purchases/${(await worldGuestPurchase(w)).token}/orders/${w.consumerA.order.id}/resend` }),
    expect: all(404),
  },
  // "Add to my account": only consumer A, whose confirmed address the purchase was made with
  // (typed in capitals); anyone else holding the link is refused, and a session is needed.
  {
    route: 'POST /api/purchases/:token/claim',
    request: async (w) => ({ url: `/api/purchases/${(await guestPurchase(w, undefined, w.consumerA.email.toUpperCase())).token}/claim` }),
    expect: signedIn(403, { consumerA: 200 }),
  },
  {
    // A purchase made with an address no actor has: nobody's to add.
    route: 'POST /api/purchases/:token/claim',
    request: async (w) => ({ url: `/api/purchases/${(await worldGuestPurchase(w)).token}/claim` }),
    expect: signedIn(403),
  },
  {
    route: 'PATCH /api/purchases/:token/orders/:id/delivery',
    request: async (w) => {
      const { token, order } = await guestPurchase(w, new Date(Date.now() + 10 * DAY_MS));
      return {
        url: `/api/purchases/${token}/orders/${order.id}/delivery`,
        payload: { recipientEmail: 'new-address@example.test', recipientPhone: null, delivery: { kind: 'scheduled', ...instantToMadridLocal(new Date(Date.now() + 11 * DAY_MS)) } },
      };
    },
    expect: all(200),
  },

  // Redemption at the counter: owner X's active business, consumer A's order for its gift
  {
    route: 'POST /api/business/redemptions/lookup',
    request: (w) => ({ url: '/api/business/redemptions/lookup', payload: { code: w.consumerA.order.qrCode } }),
    expect: redeemerX(200),
  },
  {
    route: 'POST /api/business/redemptions',
    request: async (w) => ({ url: '/api/business/redemptions', payload: { code: (await freshOrder(w)).qrCode } }),
    expect: redeemerX(200),
  },
  {
    // Owner X's own card use, within its 30 minutes; owner Y's counter finds no such use.
    route: 'POST /api/business/redemptions/uses/:useId/undo',
    request: async (w) => ({ url: `/api/business/redemptions/uses/${await freshCardUse(w)}/undo`, payload: { reason: 'Typed 10 € instead of 1 €' } }),
    expect: { ...redeemerX(200), ownerY: 404 },
  },

  // The recipient's pages: whoever holds the code (256 random bits) sees the gift, signed in or not
  { route: 'GET /g', request: () => ({ url: '/g' }), expect: all(200) },
  { route: 'GET /g/', request: () => ({ url: '/g/' }), expect: all(303) },
  // The print card's Print button (a same-origin script, as the CSP requires): public, like the card.
  { route: 'GET /g/print-card.js', request: () => ({ url: '/g/print-card.js' }), expect: all(200) },
  { route: 'GET /g/:code', request: (w) => ({ url: `/g/${w.consumerA.order.qrCode}` }), expect: all(200) },
  { route: 'GET /g/:code/print', request: (w) => ({ url: `/g/${w.consumerA.order.qrCode}/print` }), expect: all(200) },
  // The folded A4 card (ADR 103): public to whoever holds the code, like the A6 card.
  { route: 'GET /g/:code/print/folded', request: (w) => ({ url: `/g/${w.consumerA.order.qrCode}/print/folded` }), expect: all(200) },
  { route: 'GET /g/:code/calendar.ics', request: (w) => ({ url: `/g/${w.consumerA.order.qrCode}/calendar.ics` }), expect: all(200) },
  // Google's save page, with the gift's object signed (ADR 107): anyone holding the link.
  { route: 'GET /g/:code/wallet/google', request: (w) => ({ url: `/g/${w.consumerA.order.qrCode}/wallet/google` }), expect: all(303) },
  { route: 'GET /g/:code/wallet/apple.pkpass', request: (w) => ({ url: `/g/${w.consumerA.order.qrCode}/wallet/apple.pkpass` }), expect: all(200) },
  // Apple's PassKit web service (ADR 107): only the pass's own token opens its pass; a session does not.
  {
    route: 'POST /api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    request: (w, actor) => ({
      url: `/api/wallet/apple/v1/devices/phone-${randomUUID()}/registrations/${w.passHolder.passTypeId}/${w.passHolder.serial}`,
      ...applePass(w, actor),
      payload: { pushToken: 'a-push-token' },
    }),
    expect: { ...all(401), passHolder: 201 },
  },
  {
    route: 'DELETE /api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    request: (w, actor) => ({ url: `/api/wallet/apple/v1/devices/phone-${randomUUID()}/registrations/${w.passHolder.passTypeId}/${w.passHolder.serial}`, ...applePass(w, actor) }),
    expect: { ...all(401), passHolder: 200 },
  },
  // Apple's specification asks no token here: the device library id (the phone's own random
  // id) is what names the list, and the answer is serial numbers, which open nothing without their tokens.
  {
    route: 'GET /api/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    request: (w) => ({ url: `/api/wallet/apple/v1/devices/${w.passHolder.deviceLibraryId}/registrations/${w.passHolder.passTypeId}` }),
    expect: all(200),
  },
  {
    route: 'GET /api/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber',
    request: (w, actor) => ({ url: `/api/wallet/apple/v1/passes/${w.passHolder.passTypeId}/${w.passHolder.serial}`, ...applePass(w, actor) }),
    expect: { ...all(401), passHolder: 200 },
  },
  { route: 'POST /api/wallet/apple/v1/log', request: () => ({ url: '/api/wallet/apple/v1/log', payload: { logs: ['route matrix'] } }), expect: all(200) },
  // The typed code with the recipient's email: whoever holds both opens the gift, signed in or not
  {
    route: 'POST /g/open',
    request: async (w) => {
      const order = await freshOrder(w);
      return {
        url: '/g/open',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ typed: order.typedCode!, contact: order.recipientEmail! }).toString(),
      };
    },
    expect: all(303),
  },

  // The legal pages (ADR 059): public, the same for everyone
  ...legalPages.map((page) => ({ route: `GET /${page}`, request: () => ({ url: `/${page}` }), expect: all(200) })),

  // The public shop window (ADR 067): the same pages for everyone, signed in or not
  { route: 'GET /gifts', request: () => ({ url: '/gifts?lang=es' }), expect: all(200) },
  { route: 'GET /b/:slug', request: async (w) => ({ url: `/b/${await businessSlugOf(w, w.listedGift.businessId)}` }), expect: all(200) },
  {
    route: 'GET /b/:slug/:giftSlug',
    request: async (w) => ({ url: `/b/${await businessSlugOf(w, w.listedGift.businessId)}/${w.listedGift.slug}` }),
    expect: all(200),
  },
  // Their 404 and 410 pages: the same answer for everyone (a business under review is not listed yet)
  { route: 'GET /b/:slug', request: () => ({ url: `/b/no-such-business-${randomUUID()}` }), expect: all(404) },
  { route: 'GET /b/:slug', request: async (w) => ({ url: `/b/${await businessSlugOf(w, w.pendingOwner.business.id)}` }), expect: all(404) },
  { route: 'GET /b/:slug/:giftSlug', request: async (w) => ({ url: await offSaleGiftPathOf(w) }), expect: all(410) },
  { route: 'GET /sitemap.xml', request: () => ({ url: '/sitemap.xml' }), expect: all(200) },
  { route: 'GET /robots.txt', request: () => ({ url: '/robots.txt' }), expect: all(200) },
  // The partner's counter poster: each owner prints their own business's, whatever its review state
  {
    route: 'GET /api/business/shop-poster',
    request: () => ({ url: '/api/business/shop-poster?size=a5' }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  { route: 'GET /api/shop/featured', request: () => ({ url: '/api/shop/featured?lang=en' }), expect: all(200) },

  // The landing page from the server (ADR 098): the same page for everyone but business
  // accounts, who are sent on to their area; its one script and the cookie banner's form
  { route: 'GET /', request: () => ({ url: '/?lang=es' }), expect: { ...all(200), ownerX: 303, ownerY: 303, pendingOwner: 303 } },
  { route: `GET ${PUBLIC_PAGE_SCRIPT_PATH}`, request: () => ({ url: PUBLIC_PAGE_SCRIPT_PATH }), expect: all(200) },
  {
    route: 'POST /cookie-consent',
    request: () => ({
      url: '/cookie-consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ choice: 'necessary', back: '/gifts?lang=es' }).toString(),
    }),
    expect: all(303),
  },

  // A rejected business asks for review again: every actor's business is approved or pending (409)
  {
    route: 'POST /api/business/application',
    request: () => ({ url: '/api/business/application' }),
    expect: signedIn(403, { ownerX: 409, ownerY: 409, pendingOwner: 409 }),
  },

  // Statements (ADR 060): each owner reads their own business's, whatever its review state;
  // the month is the current one, which every business has
  { route: 'GET /api/business/statements', request: () => ({ url: '/api/business/statements' }), expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }) },
  {
    route: 'GET /api/business/statements/:month',
    request: () => ({ url: `/api/business/statements/${madridMonthOf(new Date())}` }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  {
    route: 'GET /api/business/statements/:month/csv',
    request: () => ({ url: `/api/business/statements/${madridMonthOf(new Date())}/csv` }),
    expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }),
  },
  { route: 'GET /api/admin/businesses/:id/statements', request: (w) => ({ url: `/api/admin/businesses/${w.ownerX.business.id}/statements` }), expect: adminOnly(200) },
  {
    route: 'GET /api/admin/businesses/:id/statements/:month',
    request: (w) => ({ url: `/api/admin/businesses/${w.ownerX.business.id}/statements/${madridMonthOf(new Date())}` }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/businesses/:id/statements/:month/csv',
    request: (w) => ({ url: `/api/admin/businesses/${w.ownerX.business.id}/statements/${madridMonthOf(new Date())}/csv` }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/statements/:month', request: () => ({ url: `/api/admin/statements/${madridMonthOf(new Date())}` }), expect: adminOnly(200) },

  // Commission invoices (ADR 061): each owner reads their own business's; another's is 404.
  // The invoice is issued for owner X's business (numbered and chained like a real one).
  { route: 'GET /api/business/invoices', request: () => ({ url: '/api/business/invoices' }), expect: signedIn(403, { ownerX: 200, ownerY: 200, pendingOwner: 200 }) },
  {
    route: 'GET /api/business/invoices/:id',
    request: async (w) => ({ url: `/api/business/invoices/${(await xInvoice(w)).id}` }),
    expect: signedIn(403, { ownerX: 200, ownerY: 404, pendingOwner: 404 }),
  },
  {
    route: 'POST /api/business/invoices/:id/rectify',
    // A fresh invoice naming X's business by an old name, per call: a correction replaces it.
    request: async (w) => ({
      url: `/api/business/invoices/${(await createIssuedInvoice(w.t.database.db, w.t.config, w.ownerX.business.id, new Date(), { recipientName: 'Old Name S.L.' })).id}/rectify`,
    }),
    expect: signedIn(403, { ownerX: 201, ownerY: 404, pendingOwner: 404 }),
  },
  ...(['html', 'pdf'] as const).map((format) => ({
    route: `GET /api/business/invoices/:id/${format}`,
    request: async (w: World) => ({ url: `/api/business/invoices/${(await xInvoice(w)).id}/${format}` }),
    expect: signedIn(403, { ownerX: 200, ownerY: 404, pendingOwner: 404 }),
  })),
  ...(['html', 'pdf'] as const).map((format) => ({
    route: `GET /api/admin/invoices/:id/${format}`,
    request: async (w: World) => ({ url: `/api/admin/invoices/${(await xInvoice(w)).id}/${format}` }),
    expect: adminOnly(200),
  })),
  { route: 'GET /api/admin/invoices', request: () => ({ url: '/api/admin/invoices' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/invoices/missing-data', request: () => ({ url: '/api/admin/invoices/missing-data' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/invoices/:id', request: async (w) => ({ url: `/api/admin/invoices/${(await xInvoice(w)).id}` }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/invoices/:id/cancel',
    // A fresh invoice per call: a cancellation consumes it.
    request: async (w) => ({ url: `/api/admin/invoices/${(await createIssuedInvoice(w.t.database.db, w.t.config, w.ownerX.business.id)).id}/cancel`, payload: { reason: 'Route matrix' } }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/invoices/book/:quarter/csv', request: () => ({ url: '/api/admin/invoices/book/2026-Q4/csv' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/dac7/:year/csv', request: () => ({ url: '/api/admin/dac7/2026/csv' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/dac7/:year/missing', request: () => ({ url: '/api/admin/dac7/2026/missing' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/verifactu/records', request: () => ({ url: '/api/admin/verifactu/records' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/verifactu/submissions', request: () => ({ url: '/api/admin/verifactu/submissions?state=pending&page=1' }), expect: adminOnly(200) },

  // The platform team's back office (decisions get a fresh business or order each)
  // Reports of listings (ADR 059): anyone may report what the catalogue shows; only the team decides
  {
    route: 'POST /api/reports',
    request: (w) => ({ url: '/api/reports', payload: { targetType: 'gift', targetId: w.listedGift.id, category: 'misleading', explanation: 'Route matrix' } }),
    expect: all(201),
  },
  // Fair expiry (ADR 064): whoever holds an expired gift's code asks once; only its business answers
  { route: 'POST /g/:code/extension', request: async (w) => ({ url: `/g/${(await expiredOrder(w)).qrCode}/extension` }), expect: all(303) },
  // Booking from the gift (ADR 105): whoever holds the code books, moves and cancels, signed in or not
  {
    route: 'POST /g/:code/booking',
    request: async (w) => {
      const { order, slot } = await xBookableGift(w);
      return { url: `/g/${order.qrCode}/booking`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ slot, name: 'Matrix' }).toString() };
    },
    expect: all(303),
  },
  {
    route: 'POST /g/:code/booking/move',
    request: async (w) => {
      const { order, slot, later } = await xBookableGift(w);
      await bookGiftTime(w.t.app.ctx, order.qrCode, { slot, name: 'Matrix' });
      return { url: `/g/${order.qrCode}/booking/move`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ slot: later }).toString() };
    },
    expect: all(303),
  },
  {
    route: 'POST /g/:code/booking/cancel',
    request: async (w) => {
      const { order, slot } = await xBookableGift(w);
      await bookGiftTime(w.t.app.ctx, order.qrCode, { slot, name: 'Matrix' });
      return { url: `/g/${order.qrCode}/booking/cancel` };
    },
    expect: all(303),
  },
  // A stuck gift's way out (ADR 109): whoever holds the code exchanges it or gives the money back, signed in or not
  {
    route: 'GET /g/:code/way-out/exchange',
    request: async (w) => {
      const { order, cheaper } = await stuckGift(w);
      return { url: `/g/${order.qrCode}/way-out/exchange?gift=${cheaper.id}` };
    },
    expect: all(200),
  },
  {
    route: 'POST /g/:code/way-out/exchange',
    request: async (w) => {
      const { order, cheaper } = await stuckGift(w);
      return { url: `/g/${order.qrCode}/way-out/exchange`, headers: form, payload: new URLSearchParams({ gift: cheaper.id }).toString() };
    },
    expect: all(303),
  },
  { route: 'GET /g/:code/way-out/refund', request: async (w) => ({ url: `/g/${(await stuckGift(w)).order.qrCode}/way-out/refund` }), expect: all(200) },
  { route: 'POST /g/:code/way-out/refund', request: async (w) => ({ url: `/g/${(await stuckGift(w)).order.qrCode}/way-out/refund`, headers: form, payload: '' }), expect: all(303) },
  {
    route: 'POST /api/business/orders/:id/extension',
    request: async (w) => ({ url: `/api/business/orders/${(await extensionRequested(w)).id}/extension`, payload: { decision: 'decline' } }),
    expect: ownerXOnly(200),
  },
  { route: 'GET /api/admin/reports', request: () => ({ url: '/api/admin/reports' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/reports/:id/decision',
    // "keep": hiding would take the listed gift off sale for the rows after this one.
    request: async (w) => ({ url: `/api/admin/reports/${(await freshReport(w)).id}/decision`, payload: { decision: 'keep', reason: 'Nothing unlawful' } }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/overview', request: () => ({ url: '/api/admin/overview' }), expect: adminOnly(200) },
  // Online backup (ADR 094): "Back up now" for the team; the local command's route answers
  // only a token the listening server wrote into DATA_DIR (inject never listens: none).
  { route: 'POST /api/admin/backups', request: () => ({ url: '/api/admin/backups' }), expect: adminOnly(201) },
  {
    route: 'POST /api/local/backup',
    request: () => ({ url: '/api/local/backup', headers: { authorization: 'Bearer forged' }, payload: {} }),
    expect: all(404),
  },
  { route: 'GET /api/admin/applications', request: () => ({ url: '/api/admin/applications' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/booking-health', request: () => ({ url: '/api/admin/booking-health' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/businesses/:id/approve',
    request: async (w) => ({ url: `/api/admin/businesses/${(await pendingBusiness(w)).id}/approve`, payload: { commissionRate: 5 } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/businesses/:id/reject',
    request: async (w) => ({ url: `/api/admin/businesses/${(await pendingBusiness(w)).id}/reject`, payload: { reason: 'The licence is unreadable' } }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/businesses', request: () => ({ url: '/api/admin/businesses' }), expect: adminOnly(200) },
  { route: 'GET /api/admin/businesses/:id', request: (w) => ({ url: `/api/admin/businesses/${w.ownerX.business.id}` }), expect: adminOnly(200) },
  {
    route: 'PATCH /api/admin/businesses/:id/commission',
    request: async (w) => ({ url: `/api/admin/businesses/${(await freshBusiness(w, {})).id}/commission`, payload: { commissionRate: 7.5 } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/businesses/:id/deactivate',
    request: async (w) => ({ url: `/api/admin/businesses/${(await freshBusiness(w, {})).id}/deactivate`, payload: { reason: 'Closed for good' } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/businesses/:id/reactivate',
    request: async (w) => ({ url: `/api/admin/businesses/${(await freshBusiness(w, { isActive: false })).id}/reactivate`, payload: {} }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/businesses/:id/documents/:type/view',
    request: (w) => ({ url: `/api/admin/businesses/${w.pendingOwner.business.id}/documents/id_document/view` }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/orders', request: () => ({ url: '/api/admin/orders' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/orders/:id/extend-expiry',
    request: async (w) => ({
      url: `/api/admin/orders/${(await freshOrder(w)).id}/extend-expiry`,
      payload: { expiresOn: new Date(Date.now() + 3 * 365 * DAY_MS).toISOString().slice(0, 10), reason: 'Shop closed for works' },
    }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/orders/:id/movements', request: (w) => ({ url: `/api/admin/orders/${w.consumerA.order.id}/movements` }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/card-uses/:id/undo',
    request: async (w) => ({ url: `/api/admin/card-uses/${await freshCardUse(w)}/undo`, payload: { reason: 'Counter mistake reported later' } }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/payouts', request: () => ({ url: '/api/admin/payouts?state=due' }), expect: adminOnly(200) },
  {
    // A fresh paid order's transfer is due: "retry now" brings it forward (204)
    route: 'POST /api/admin/transfers/:id/retry',
    request: async (w) => {
      const order = await freshOrder(w);
      const [transfer] = await w.t.database.db.select({ id: transfers.id }).from(transfers).where(eq(transfers.orderId, order.id));
      return { url: `/api/admin/transfers/${transfer!.id}/retry` };
    },
    expect: adminOnly(204),
  },
  { route: 'GET /api/admin/audit', request: () => ({ url: '/api/admin/audit' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/orders/:id/cancel',
    request: async (w) => ({
      url: `/api/admin/orders/${(await createOrder(w.t.database.db, { buyerId: w.consumerA.id, giftId: w.ownerX.gift.id, status: 'paid' })).id}/cancel`,
      payload: { reason: 'Business closed for good' },
    }),
    expect: signedIn(403, { admin: 200 }),
  },
];
