import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_FIGURES_MIN_GIFTS, landingFigureKeys } from './landing-figures';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { countLandingFigures, LANDING_FIGURES_TTL_MS } from './count-landing-figures';

/** A built web app with a manifest, as `npm run build` leaves it (the landing page is the server's own, ADR 098). */
function makeWebRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'regalo-landing-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js' } }));
  return root;
}

/**
 * The landing page's figures are counted from the data — gifts paid for and released to their
 * recipient, the businesses on sale, the people those gifts went to — never written in the
 * code; below the threshold the page shows no figures.
 */
describe('the landing page\'s figures', () => {
  let t: TestApp;
  let clock = new Date('2026-12-06T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ webRoot: makeWebRoot(), now: () => clock });
  });
  afterAll(() => t.close());

  const landingFiguresOf = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-language': 'es' } });
    expect(res.statusCode).toBe(200);
    // The server-rendered page shows each figure in its own cell; no block, no figures (ADR 098).
    const figureOf = (key: string) => new RegExp(`data-testid="stat-${key}">([^<]*)<`).exec(res.body)?.[1];
    const shown = landingFigureKeys.map(figureOf);
    if (shown.every((value) => value === undefined)) return null;
    const [giftsSent, partners, recipients] = shown.map((value) => Number(value?.replace(/\D/g, '')));
    return { giftsSent, partners, recipients };
  };

  it('counts what really happened, and the document carries it only from the threshold on, refreshed after a while', async () => {
    const db = t.database.db;
    const buyer = await createUser(db);
    const owner = async () => (await createUser(db, { userType: 'business' })).id;
    // Two businesses on sale; one waiting for review and one that cannot be paid are not partners on sale.
    const listed = await createBusiness(db, { ownerId: await owner() });
    await createBusiness(db, { ownerId: await owner() });
    await createBusiness(db, { ownerId: await owner(), verificationStatus: 'pending', isActive: false });
    await createBusiness(db, { ownerId: await owner(), payoutAccount: null });
    const gift = await createGift(db, { businessId: listed.id });
    const order = (input: Omit<Parameters<typeof createOrder>[1], 'buyerId' | 'giftId'>) => createOrder(db, { ...input, buyerId: buyer.id, giftId: gift.id });

    // Sent: two to Marta (her address written two ways), one redeemed by phone, one expired with no contact kept.
    await order({ status: 'paid', recipientEmail: 'marta@example.test' });
    await order({ status: 'paid', recipientEmail: 'Marta@Example.test' });
    await order({ status: 'redeemed', recipientPhone: '+34600111222' });
    await order({ status: 'expired' });
    // Not sent: scheduled for later, refunded, never paid (a withdrawn gift is refunded like a cancelled one).
    await order({ status: 'paid', recipientEmail: 'later@example.test', deliveredAt: null, deliverAt: new Date('2027-01-01T09:00:00Z') });
    await order({ status: 'cancelled', recipientEmail: 'refunded@example.test' });
    await order({ status: 'unpaid', recipientEmail: 'unpaid@example.test' });

    expect(await countLandingFigures(db, 0)).toEqual({ giftsSent: 4, partners: 2, recipients: 3 });
    // The threshold: the figures exist from that many gifts sent, not one fewer.
    expect(await countLandingFigures(db, 4)).toEqual({ giftsSent: 4, partners: 2, recipients: 3 });
    expect(await countLandingFigures(db, 5)).toBeNull();
    expect(await countLandingFigures(db)).toBeNull();

    // Below the threshold the landing document carries no figures at all.
    expect(await landingFiguresOf()).toBeNull();

    // From the threshold on it carries the counted ones.
    for (let i = 0; i < LANDING_FIGURES_MIN_GIFTS - 4; i++) await order({ status: 'paid', recipientEmail: `guest${i}@example.test` });
    // Still the count of a moment ago: figures are reused for a while, not counted per visit.
    expect(await landingFiguresOf()).toBeNull();
    clock = new Date(clock.getTime() + LANDING_FIGURES_TTL_MS);
    expect(await landingFiguresOf()).toEqual({ giftsSent: LANDING_FIGURES_MIN_GIFTS, partners: 2, recipients: LANDING_FIGURES_MIN_GIFTS - 1 });

    // A new sale shows once the figures are counted again.
    await order({ status: 'redeemed', recipientEmail: 'marta@example.test' });
    expect((await landingFiguresOf())?.giftsSent).toBe(LANDING_FIGURES_MIN_GIFTS);
    clock = new Date(clock.getTime() + LANDING_FIGURES_TTL_MS);
    expect(await landingFiguresOf()).toEqual({ giftsSent: LANDING_FIGURES_MIN_GIFTS + 1, partners: 2, recipients: LANDING_FIGURES_MIN_GIFTS - 1 });
  });
});
