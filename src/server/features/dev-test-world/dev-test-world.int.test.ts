import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSessions } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { gifts as giftsTable } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { signIn } from '../../testing/auth-helpers';
import { productionOperatorEnv } from '../../testing/operator-env';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestWorld } from './create-test-world';

describe('test worlds for the end-to-end journeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = async (kind: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/test-world', payload: { kind }, headers: { origin: t.config.publicUrl } });
    return { status: res.statusCode, world: res.json() as TestWorld };
  };

  it('creates a fresh giver, owner or admin each call, who can sign in', async () => {
    const first = await create('giver');
    const second = await create('giver');
    expect(first.status).toBe(201);
    expect(first.world.email).not.toBe(second.world.email);
    for (const kind of ['giver', 'giver-with-history', 'owner', 'owner-taking-bookings', 'admin']) {
      const { world } = await create(kind);
      const { user } = await signIn(t, { email: world.email, password: world.password });
      expect(user, kind).toMatchObject({ email: world.email, role: kind === 'admin' ? 'admin' : 'user' });
    }
  });

  it("gives an owner an approved, listed business like the demo owner's, with its gifts and a paid order", async () => {
    const { world } = await create('owner');
    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, world.business!.id));
    expect(business).toMatchObject({ verificationStatus: 'approved', isActive: true, commissionRate: 8 });
    // Its own names: a journey searching for a demo business or gift never finds this one.
    expect(world.business!.name).not.toContain('Orxateria');
    expect(world.business!.gifts).toHaveLength(5);
    expect(world.business!.gifts.every((g) => !g.name.includes('horchata'))).toBe(true);
    // No gift needs booking: the journeys written before booking online keep their world.
    expect(world.business!.gifts.some((g) => g.bookingRequired)).toBe(false);
    const paid = await t.database.db.select().from(orders).where(eq(orders.businessId, business!.id));
    expect(paid.map((o) => o.status)).toEqual(['paid']);
    const giver = (await create('giver')).world;
    const { cookie } = await signIn(t, { email: giver.email, password: giver.password });
    const listed = await t.app.inject({ method: 'GET', url: `/api/catalog/businesses/${business!.id}`, headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    // Searched by its name, each gift is found alone, not with its siblings.
    for (const gift of world.business!.gifts) {
      const found = await t.app.inject({ method: 'GET', url: `/api/catalog/gifts?q=${encodeURIComponent(gift.name)}`, headers: { cookie } });
      expect((found.json() as { items: { id: string }[] }).items.map((g) => g.id)).toEqual([gift.id]);
    }
  });

  it("gives a giver with history the demo giver's contacts and a paid and a redeemed order at a business of its own", async () => {
    const { world } = await create('giver-with-history');
    const { cookie } = await signIn(t, { email: world.email, password: world.password });
    const contacts = await t.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie } });
    expect(contacts.statusCode).toBe(200);
    const names = (contacts.json() as { items: { name: string }[] }).items.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Carmen Martínez', 'Rosa Beltrán']));
    expect(names).toHaveLength(6);
    const mine = await t.app.inject({ method: 'GET', url: '/api/my/orders', headers: { cookie } });
    const items = (mine.json() as { items: { status: string; recipientName: string; businessName: string; giftPagePath: string | null }[] }).items;
    expect(items.map((o) => [o.status, o.recipientName]).sort()).toEqual([['paid', 'Carmen Martínez'], ['redeemed', 'Rosa Beltrán']]);
    expect(items.every((o) => o.giftPagePath?.startsWith('/g/'))).toBe(true);
    // Never at a demo business: other journeys read those businesses' orders.
    expect(items.every((o) => /^Taller de prueba /.test(o.businessName))).toBe(true);
  });

  it('gives an owner taking bookings the same business, whose tasting needs booking, with no time published yet', async () => {
    const { world } = await create('owner-taking-bookings');
    const gifts = await t.database.db.select().from(giftsTable).where(eq(giftsTable.businessId, world.business!.id));
    expect(gifts).toHaveLength(5);
    expect(gifts.filter((g) => g.bookingRequired).map((g) => [g.id, g.price])).toEqual([[world.business!.gifts[3]!.id, 1800]]);
    expect(world.business!.gifts.map((g) => g.bookingRequired)).toEqual([false, false, false, true, false]);
    expect(await t.database.db.select().from(bookingSessions).where(eq(bookingSessions.businessId, world.business!.id))).toEqual([]);
    // Never having published a time, it books by phone: the gift stays on sale until it does.
    const giver = (await create('giver')).world;
    const { cookie } = await signIn(t, { email: giver.email, password: giver.password });
    const found = await t.app.inject({ method: 'GET', url: `/api/catalog/gifts?q=${encodeURIComponent(world.business!.gifts[3]!.name)}`, headers: { cookie } });
    expect((found.json() as { items: { id: string }[] }).items.map((g) => g.id)).toEqual([world.business!.gifts[3]!.id]);
  });

  it('refuses an unknown kind and changes nothing', async () => {
    expect((await create('superuser')).status).toBe(400);
  });

  it.each([
    ['in development without DEV_TOOLS', { NODE_ENV: 'development', DEV_TOOLS: 'off' }],
    ['in production', { NODE_ENV: 'production', ...productionOperatorEnv, PAYMENTS_PROVIDER: 'test', PAYMENTS_ALLOW_TEST: 'true', DEV_TOOLS: 'off' }],
  ])('does not exist %s', async (_label, env) => {
    const app = await createTestApp({ env });
    try {
      const res = await app.app.inject({ method: 'POST', url: '/api/dev/test-world', payload: { kind: 'admin' }, headers: { origin: app.config.publicUrl } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
