import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { CheckoutLineInput } from '@shared/contracts/checkout';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { mailOutbox } from '../db/schema/mail-outbox';
import { checkouts, orders, paymentEvents } from '../db/schema/orders';
import { authedInject, signIn } from './auth-helpers';
import { createBusiness, createGift, createUser, type CreateUserInput } from './factories';
import type { TestApp } from './test-app';

/** Test-only helpers for checkout, payment and delivery tests. */

/** A signed-in user made with the shared factory (fast: one password digest per process). */
export async function signedIn(t: TestApp, input: CreateUserInput = {}) {
  const user = await createUser(t.database.db, input);
  const { cookie } = await signIn(t, { email: user.email, password: user.password });
  return { user, cookie };
}

/** A listed business at 1,14 % with two gifts (25,00 € / 365 days and 40,00 € / 30 days), signed in as its owner. */
export async function shop(t: TestApp) {
  const owner = await signedIn(t, { userType: 'business', name: 'Olga Owner' });
  const business = await createBusiness(t.database.db, {
    ownerId: owner.user.id,
    name: 'Tetería Russafa',
    address: 'Carrer de Sueca 12',
    commissionRate: 1.14,
  });
  const tea = await createGift(t.database.db, { businessId: business.id, name: 'Cata de tés', price: 2500 });
  const dinner = await createGift(t.database.db, { businessId: business.id, name: 'Cena para dos', price: 4000, validityDays: 30 });
  return { owner, business, tea, dinner };
}

export function line(giftId: string, overrides: Partial<CheckoutLineInput> = {}): CheckoutLineInput {
  return {
    giftId,
    recipientName: 'Lucía',
    recipientEmail: `lucia-${randomUUID().slice(0, 6)}@example.test`,
    recipientPhone: null,
    personalMessage: '¡Feliz cumpleaños!',
    recipientLocale: 'es',
    delivery: { kind: 'now' },
    ...overrides,
  };
}

export const newKey = () => `key_${randomUUID().replaceAll('-', '')}`;

export function as(t: TestApp, cookie: string | null) {
  return (opts: InjectOptions) => authedInject(t, cookie, opts);
}

export function postCheckout(t: TestApp, cookie: string | null, lines: CheckoutLineInput[], idempotencyKey = newKey()) {
  return as(t, cookie)({ method: 'POST', url: '/api/checkouts', payload: { idempotencyKey, acceptedTermsVersion: TERMS_VERSION, lines } });
}

/** Everything checkout and payment may write, to prove a refused request wrote nothing. */
export async function paymentState(t: TestApp) {
  const db = t.database.db;
  return {
    checkouts: await db.select().from(checkouts).orderBy(asc(checkouts.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    events: await db.select().from(paymentEvents),
    mail: await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(asc(mailOutbox.id)),
  };
}
