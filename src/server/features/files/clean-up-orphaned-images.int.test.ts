import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantKey, THUMBNAIL_SIZE } from '../../platform/storage/image-keys';
import { businessImageKey, giftImageKey, publicFileUrl } from '../../platform/storage/public-files';
import { createBusiness, createGift, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { cleanUpOrphanedImages, ORPHANED_IMAGE_MIN_AGE_MS } from './clean-up-orphaned-images';

const webp = { contentType: 'image/webp' };
const bytes = (label: string) => Buffer.from(`RIFF....WEBPVP8 ${label}`);

describe('clean-up of orphaned images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes old images nothing points at, keeps referenced ones, fresh uploads and documents', async () => {
    const { storage } = t.app.ctx;
    const { db } = t.database;
    const owner = await createUser(db);
    const businessId = randomUUID();
    const giftId = randomUUID();

    const businessMain = businessImageKey(businessId, bytes('business, current'));
    const businessOld = businessImageKey(businessId, bytes('business, replaced by a process that died'));
    const giftMain = giftImageKey(giftId, bytes('gift, current'));
    const giftOld = giftImageKey(giftId, bytes('gift, lost in a race'));
    const strayBusiness = businessImageKey(randomUUID(), bytes('business deleted long ago'));
    const document = `${businessId}/documents/tax_registration_1700000000000.pdf`;
    const keys = [businessMain, businessOld, giftMain, giftOld, strayBusiness];
    for (const key of keys) {
      await storage.put(key, bytes(key), webp);
      await storage.put(variantKey(key, THUMBNAIL_SIZE), bytes(`${key} small`), webp);
    }
    await storage.put(document, Buffer.from('%PDF-1.4 identity'), { contentType: 'application/pdf' });

    await createBusiness(db, { id: businessId, ownerId: owner.id, imageUrl: publicFileUrl(businessMain) });
    await createGift(db, { id: giftId, businessId, imageUrl: publicFileUrl(giftMain) });

    // Just uploaded (younger than the grace period): nothing goes, referenced or not.
    expect(await cleanUpOrphanedImages({ db, storage, now: () => new Date() })).toBe(0);
    expect(await storage.exists(businessOld)).toBe(true);

    const later = () => new Date(Date.now() + ORPHANED_IMAGE_MIN_AGE_MS + 60_000);
    expect(await cleanUpOrphanedImages({ db, storage, now: later })).toBe(6);
    for (const gone of [businessOld, giftOld, strayBusiness]) {
      expect(await storage.exists(gone)).toBe(false);
      expect(await storage.exists(variantKey(gone, THUMBNAIL_SIZE))).toBe(false);
    }
    for (const kept of [businessMain, giftMain]) {
      expect(await storage.exists(kept)).toBe(true);
      expect(await storage.exists(variantKey(kept, THUMBNAIL_SIZE))).toBe(true);
    }
    expect(await storage.exists(document)).toBe(true);

    // A second pass finds nothing more.
    expect(await cleanUpOrphanedImages({ db, storage, now: later })).toBe(0);
  });
});
