import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/client';
import { demoConsumer, demoOwnerBusiness } from '../../db/seed/demo-data';
import { firstName } from '../../domain/orders/first-name';
import { createBusiness, createContact, createGift, createOrder, createUser } from '../../testing/factories';

export const testWorldKinds = ['giver', 'giver-with-history', 'owner', 'owner-taking-bookings', 'admin'] as const;
export type TestWorldKind = (typeof testWorldKinds)[number];

export interface TestWorld {
  email: string;
  password: string;
  name: string;
  /** The owner's business, shaped like the demo owner's (same category, commission and gifts). */
  business?: TestWorldBusiness;
}

interface TestWorldBusiness {
  id: string;
  name: string;
  gifts: { id: string; name: string; price: number; bookingRequired: boolean }[];
}

/**
 * A fresh account for one end-to-end test, through the same factories as the demo seed, so a
 * journey changes only data of its own and parallel journeys never meet: a giver; a giver
 * with a history like the demo giver's (the demo contacts, and a paid and a redeemed order at
 * a business of its own); an owner of an approved, listed business with the demo owner's
 * gifts and one paid order; the same owner whose tasting needs booking, as the demo's does,
 * with no time published yet (the booking journeys publish their own); or an admin. Only with DEV_TOOLS (see routes.ts); every call
 * creates new rows, one transaction.
 */
export async function createTestWorld(db: Database, kind: TestWorldKind): Promise<TestWorld> {
  const run = randomUUID().slice(0, 8);
  return db.transaction(async (tx) => {
    if (kind === 'owner') return createOwnerWorld(tx, run);
    if (kind === 'owner-taking-bookings') return createOwnerWorld(tx, run, { bookings: true });
    const user = await createUser(tx, {
      email: `${kind}-${run}@example.test`,
      name: kind === 'admin' ? `Admin ${run}` : `Lucía Giver ${run}`,
      role: kind === 'admin' ? 'admin' : 'user',
      locale: 'es',
    });
    if (kind === 'giver-with-history') await addGiverHistory(tx, user, run);
    return { email: user.email, password: user.password, name: user.name };
  });
}

/**
 * The demo giver's contacts and, at a business of the world's own (never a demo business,
 * whose orders other journeys read), a paid gift for the first contact and a redeemed one
 * for the last, as "my orders" shows a giver who has been giving.
 */
async function addGiverHistory(tx: Executor, giver: { id: string; name: string }, run: string) {
  const contacts = [];
  for (const contact of demoConsumer.contacts) contacts.push(await createContact(tx, { userId: giver.id, ...contact }));
  const shop = await createOwnerWorld(tx, run);
  const day = 24 * 60 * 60 * 1000;
  for (const [status, contact, gift, daysAgo] of [
    ['paid', contacts[0]!, shop.business!.gifts[0]!, 3],
    ['redeemed', contacts.at(-1)!, shop.business!.gifts[1]!, 21],
  ] as const) {
    await createOrder(tx, {
      buyerId: giver.id,
      giftId: gift.id,
      status,
      recipientName: contact.name,
      recipientPhone: contact.phone,
      recipientEmail: contact.email,
      contactId: contact.id,
      senderName: firstName(giver.name),
      createdAt: new Date(Date.now() - daysAgo * day),
    });
  }
}

/**
 * An owner and an approved, listed business shaped like the demo owner's, with one paid order.
 * With `bookings`, its gifts that need booking in the demo need it here too; without, none
 * does, so the journeys written before booking online keep the world they were written against.
 */
async function createOwnerWorld(tx: Executor, run: string, options: { bookings?: boolean } = {}): Promise<TestWorld> {
  const template = demoOwnerBusiness;
  // Names of its own, so a journey searching the catalogue for a demo business or gift finds
  // only that one, whatever test worlds other journeys made meanwhile.
  const name = `Taller de prueba ${run}`;
  const owner = await createUser(tx, {
    email: `owner-${run}@example.test`,
    name: template.ownerName,
    userType: 'business',
    businessName: name,
    locale: 'es',
  });
  const business = await createBusiness(tx, {
    ownerId: owner.id,
    name,
    category: template.category,
    businessType: template.businessType,
    address: template.address,
    // Its invoicing details and district too, as every business registered through the wizard has.
    legalName: template.legalName ?? null,
    fiscalAddress: template.fiscalAddress ?? null,
    district: template.district,
    phone: template.phone,
    description: template.description,
    commissionRate: template.commissionRate,
  });
  const gifts = [];
  // Its fixed gifts only: a card needs its bounds (ADR 108), and a journey that sells a card
  // offers its own, so the world stays the one the journeys were written against.
  for (const gift of template.gifts.filter((candidate) => !candidate.card)) {
    // Each gift a random word of its own: the catalogue search matches every word of a query
    // anywhere in a gift (or fuzzily), so a journey searching for one of these gifts by its
    // name finds only that one, not its siblings (a shared run id or a number would match them).
    const name = `Regalo de prueba ${randomUUID().slice(0, 8)}`;
    gifts.push(
      await createGift(tx, {
        businessId: business.id,
        name,
        description: gift.description,
        price: gift.price,
        validityDays: gift.validityDays,
        bookingRequired: Boolean(options.bookings && gift.bookingRequired),
      }),
    );
  }
  // One order paid yesterday, as a business that has been selling has (in the past, so the
  // orders a journey then places are the newest, as the dashboard's polling expects).
  const buyer = await createUser(tx, { email: `buyer-${run}@example.test`, name: `Marta Buyer ${run}` });
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await createOrder(tx, { buyerId: buyer.id, giftId: gifts[0]!.id, recipientName: 'Pau', senderName: 'Marta', createdAt: yesterday });
  return {
    email: owner.email,
    password: owner.password,
    name: owner.name,
    business: { id: business.id, name, gifts: gifts.map((g) => ({ id: g.id, name: g.name, price: g.price, bookingRequired: g.bookingRequired })) },
  };
}
