import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { demoOwnerBusiness } from '../../db/seed/demo-data';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';

export const testWorldKinds = ['giver', 'owner', 'admin'] as const;
export type TestWorldKind = (typeof testWorldKinds)[number];

export interface TestWorld {
  email: string;
  password: string;
  name: string;
  /** The owner's business, shaped like the demo owner's (same category, commission and gifts). */
  business?: { id: string; name: string; gifts: { id: string; name: string; price: number }[] };
}

/**
 * A fresh account for one end-to-end test, through the same factories as the demo seed, so a
 * journey changes only data of its own and parallel journeys never meet: a giver; an owner
 * of an approved, listed business with the demo owner's gifts and one paid order; or an admin.
 * Only with DEV_TOOLS (see routes.ts); every call creates new rows, one transaction.
 */
export async function createTestWorld(db: Database, kind: TestWorldKind): Promise<TestWorld> {
  const run = randomUUID().slice(0, 8);
  return db.transaction(async (tx) => {
    if (kind !== 'owner') {
      const user = await createUser(tx, {
        email: `${kind}-${run}@example.test`,
        name: kind === 'admin' ? `Admin ${run}` : `Lucía Giver ${run}`,
        role: kind === 'admin' ? 'admin' : 'user',
        locale: 'es',
      });
      return { email: user.email, password: user.password, name: user.name };
    }
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
      phone: template.phone,
      description: template.description,
      commissionRate: template.commissionRate,
    });
    const gifts = [];
    for (const [index, gift] of template.gifts.entries()) {
      gifts.push(await createGift(tx, { businessId: business.id, name: `Regalo de prueba ${index + 1} · ${run}`, description: gift.description, price: gift.price, validityDays: gift.validityDays }));
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
      business: { id: business.id, name, gifts: gifts.map((g) => ({ id: g.id, name: g.name, price: g.price })) },
    };
  });
}
