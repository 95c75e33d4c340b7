import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@shared/contracts/language-cookie';
import { businesses } from '../../../db/schema/businesses';
import { gifts } from '../../../db/schema/gifts';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner, signedInUser } from '../../../testing/dashboard-test-world';

/** ADR 073: a business's texts in more than one language — saved by the owner, read per reader. */
describe('business content in more than one language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const giftRow = async (id: string) => (await t.database.db.select().from(gifts).where(eq(gifts.id, id)))[0]!;
  const businessRow = async (id: string) => (await t.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;
  const inLanguage = (cookie: string, language: 'en' | 'es') => `${cookie}; ${LANGUAGE_COOKIE}=${language}`;

  it('saves a gift\'s name and description per language, replaces them on edit and removes an emptied one', async () => {
    const { cookie } = await signedInOwner(t);
    const made = await as(t, cookie)({
      method: 'POST',
      url: '/api/business/gifts',
      payload: { name: 'Merienda de horchata', price: '9,50', nameTranslations: { en: '  Horchata snack ', va: 'Berenar d’orxata' }, descriptionTranslations: { en: 'Two glasses' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ nameTranslations: { en: 'Horchata snack', va: 'Berenar d’orxata' }, descriptionTranslations: { en: 'Two glasses' } });
    const id = made.json().id as string;

    const edited = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${id}`, payload: { nameTranslations: { en: 'Horchata afternoon', va: '' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await giftRow(id)).nameTranslations).toEqual({ en: 'Horchata afternoon' });
    // Fields not sent stay as they were.
    expect((await giftRow(id)).descriptionTranslations).toEqual({ en: 'Two glasses' });
    expect((await giftRow(id)).name).toBe('Merienda de horchata');
  });

  it('refuses an unknown language or a text longer than the field, and changes nothing', async () => {
    const { cookie } = await signedInOwner(t);
    const made = await as(t, cookie)({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Paella', price: '30', nameTranslations: { en: 'Paella' } } });
    const id = made.json().id as string;

    const unknown = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${id}`, payload: { nameTranslations: { fr: 'Paella' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', fields: { nameTranslations: expect.any(String) } });
    const tooLong = await as(t, cookie)({ method: 'PATCH', url: `/api/business/gifts/${id}`, payload: { descriptionTranslations: { en: 'x'.repeat(2001) } } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ fields: { 'descriptionTranslations.en': 'tooLong' } });
    const nameTooLong = await as(t, cookie)({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Paella', price: '30', nameTranslations: { va: 'x'.repeat(201) } } });
    expect(nameTooLong.statusCode).toBe(400);
    expect(nameTooLong.json()).toMatchObject({ fields: { 'nameTranslations.va': 'tooLong' } });
    expect((await giftRow(id)).nameTranslations).toEqual({ en: 'Paella' });
    expect((await giftRow(id)).descriptionTranslations).toEqual({});
  });

  it('lets only the gift\'s owner change its translations: another owner gets 404, nobody signed in 401', async () => {
    const { cookie, business } = await signedInOwner(t);
    const made = await as(t, cookie)({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Paella', price: '30' } });
    const id = made.json().id as string;
    const other = await signedInOwner(t);
    const stranger = await as(t, other.cookie)({ method: 'PATCH', url: `/api/business/gifts/${id}`, payload: { nameTranslations: { en: 'Hijacked' } } });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await as(t, null)({ method: 'PATCH', url: `/api/business/gifts/${id}`, payload: { nameTranslations: { en: 'Hijacked' } } });
    expect(anonymous.statusCode).toBe(401);
    const profileAnonymous = await as(t, null)({ method: 'PATCH', url: '/api/business/me', payload: { descriptionTranslations: { en: 'Hijacked' } } });
    expect(profileAnonymous.statusCode).toBe(401);
    expect((await giftRow(id)).nameTranslations).toEqual({});
    expect((await businessRow(business.id)).descriptionTranslations).toEqual({});
  });

  it('saves the business\'s own language and its description in others; refuses an unknown language', async () => {
    const { cookie, business } = await signedInOwner(t);
    expect((await as(t, cookie)({ method: 'GET', url: '/api/business/me' })).json()).toMatchObject({ ownLocale: 'es', descriptionTranslations: {} });
    const saved = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { ownLocale: 'va', descriptionTranslations: { en: 'Horchata since 1836', es: 'Horchata desde 1836' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ownLocale: 'va', descriptionTranslations: { en: 'Horchata since 1836', es: 'Horchata desde 1836' } });
    const bad = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { ownLocale: 'fr' } });
    expect(bad.statusCode).toBe(400);
    const badText = await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { descriptionTranslations: { de: 'Horchata' } } });
    expect(badText.statusCode).toBe(400);
    expect(await businessRow(business.id)).toMatchObject({ ownLocale: 'va', descriptionTranslations: { en: 'Horchata since 1836', es: 'Horchata desde 1836' } });
  });

  it('shows a giver the gift and business in their language when written, else the business\'s own text; search finds either', async () => {
    const { cookie, business } = await signedInOwner(t);
    const made = await as(t, cookie)({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Esmorzaret de la casa', price: '12', nameTranslations: { en: 'House brunch plate' } } });
    expect(made.statusCode, made.body).toBe(201);
    await as(t, cookie)({ method: 'PATCH', url: '/api/business/me', payload: { descriptionTranslations: { en: 'A bar in Russafa' } } });
    const giver = await signedInUser(t);
    const listing = async (language: 'en' | 'es', q: string) => {
      const res = await as(t, inLanguage(giver.cookie, language))({ method: 'GET', url: `/api/catalog/gifts?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: string; name: string }[]).filter((item) => item.id === made.json().id).map((item) => item.name);
    };
    expect(await listing('en', 'brunch plate')).toEqual(['House brunch plate']);
    expect(await listing('es', 'brunch plate')).toEqual(['Esmorzaret de la casa']);
    expect(await listing('en', 'esmorzaret')).toEqual(['House brunch plate']);

    const detail = async (language: 'en' | 'es') =>
      (await as(t, inLanguage(giver.cookie, language))({ method: 'GET', url: `/api/catalog/businesses/${business.id}` })).json() as { business: { description: string | null } };
    expect((await detail('en')).business.description).toBe('A bar in Russafa');
    expect((await detail('es')).business.description).toBe(business.description);

    const shopPage = async (language: 'en' | 'es') => (await t.app.inject({ method: 'GET', url: `/b/${(await businessRow(business.id)).slug}?lang=${language}` })).body;
    expect(await shopPage('en')).toContain('House brunch plate');
    expect(await shopPage('es')).toContain('Esmorzaret de la casa');
    expect(await shopPage('es')).not.toContain('House brunch plate');
  });
});
