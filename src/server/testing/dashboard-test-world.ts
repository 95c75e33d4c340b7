import type { InjectOptions } from 'fastify';
import { authedInject, signIn } from './auth-helpers';
import { createBusiness, createGift, createOrder, createUser, type CreateBusinessInput } from './factories';
import type { TestApp } from './test-app';
import { multipart, samplePng } from './upload-files';

/**
 * Test-only helpers for the dashboard's integration tests: signed-in owners, consumers and
 * admins made with the shared factories, and requests as any of them.
 */
export async function signedInOwner(t: TestApp, business: Omit<CreateBusinessInput, 'ownerId'> = {}) {
  const user = await createUser(t.database.db, { userType: 'business' });
  const row = await createBusiness(t.database.db, { ...business, ownerId: user.id });
  const { cookie } = await signIn(t, { email: user.email, password: user.password });
  return { user, business: row, cookie };
}

export async function signedInUser(t: TestApp, role: 'user' | 'admin' = 'user') {
  const user = await createUser(t.database.db, { role });
  const { cookie } = await signIn(t, { email: user.email, password: user.password });
  return { user, cookie };
}

/** An active business with one gift and one paid order. */
export async function ownerWithSales(t: TestApp) {
  const owner = await signedInOwner(t);
  const gift = await createGift(t.database.db, { businessId: owner.business.id, price: 2500 });
  const buyer = await createUser(t.database.db);
  const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid' });
  return { ...owner, gift, order };
}

export function as(t: TestApp, cookie: string | null) {
  return (opts: InjectOptions) => authedInject(t, cookie, opts);
}

export async function imageUpload(data?: Buffer) {
  return multipart([{ name: 'file', fileName: 'gift.png', contentType: 'image/png', data: data ?? (await samplePng(40, 30)) }]);
}
