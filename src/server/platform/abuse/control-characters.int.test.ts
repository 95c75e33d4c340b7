import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { contacts } from '../../db/schema/contacts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts } from '../../db/schema/orders';
import { authedInject } from '../../testing/auth-helpers';
import { line, newKey, shop, signedIn } from '../../testing/checkout-test-world';
import { as, signedInOwner, signedInUser } from '../../testing/dashboard-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Names and other one-line fields took CR/LF and other control characters, and the mails
 * wrote them verbatim into their text ("Ana\r\nBcc: …" started a line of its own). Every
 * one-line field now refuses them with a field error, through the one contract both the form
 * and the server use; a message keeps its line breaks and nothing else of the kind.
 */
const INJECTED = 'Ana\r\nBcc: intruder@example.test';

describe('control characters in free text are refused with a field error, and nothing changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const count = async (table: typeof checkouts | typeof contacts | typeof mailOutbox | typeof users) => (await db().select().from(table)).length;

  function expectFieldError(res: { statusCode: number; body: string; json: () => { code?: string; fields?: Record<string, string> } }, field: string, code = 'control_character') {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().fields?.[field], res.body).toBe(code);
  }

  it('the guest buyer’s name, and the recipient’s name, at a guest checkout', async () => {
    const { tea } = await shop(t);
    const before = { checkouts: await count(checkouts), mails: await count(mailOutbox) };
    const payload = (buyerName: string, recipientName: string) => ({
      idempotencyKey: newKey(),
      acceptedTermsVersion: TERMS_VERSION,
      lines: [line(tea.id, { recipientName })],
      buyer: { name: buyerName, email: `guest-${randomUUID().slice(0, 8)}@example.test`, locale: 'es' },
    });
    const post = (body: object) => authedInject(t, null, { method: 'POST', url: '/api/guest-checkouts', payload: body as Record<string, unknown> });
    expectFieldError(await post(payload(INJECTED, 'Lucía')), 'buyer.name');
    for (const control of ['\n', '\t', '\u001b', '\u0085', '\u2028']) {
      expectFieldError(await post(payload(`Ana${control}María`, 'Lucía')), 'buyer.name');
    }
    expectFieldError(await post(payload('Ana María', `Lucía\nSubject: hi`)), 'lines.0.recipientName');
    expect({ checkouts: await count(checkouts), mails: await count(mailOutbox) }).toEqual(before);

    // The same purchase with plain names goes through.
    expect((await post(payload('Ana María', 'Lucía'))).statusCode).toBe(201);
  });

  it('the recipient’s name at a signed-in checkout; the message keeps its line breaks but nothing else', async () => {
    const { tea } = await shop(t);
    const giver = await signedIn(t);
    const post = (overrides: Parameters<typeof line>[1]) =>
      authedInject(t, giver.cookie, {
        method: 'POST',
        url: '/api/checkouts',
        payload: { idempotencyKey: newKey(), acceptedTermsVersion: TERMS_VERSION, lines: [line(tea.id, overrides)] },
      });
    const before = await count(checkouts);
    expectFieldError(await post({ recipientName: INJECTED }), 'lines.0.recipientName');
    expectFieldError(await post({ recipientEmail: 'lucia@example.test\r\nBcc: x@example.test' }), 'lines.0.recipientEmail');
    expectFieldError(await post({ personalMessage: 'Hola\u0007Lucía' }), 'lines.0.personalMessage', 'control_character_in_text');
    expect(await count(checkouts)).toBe(before);
    const withLines = await post({ personalMessage: '¡Feliz cumpleaños!\r\nUn abrazo,\nPep' });
    expect(withLines.statusCode, withLines.body).toBe(201);
  });

  it('a contact’s name and relationship; its notes keep their line breaks', async () => {
    const { cookie } = await signedInUser(t);
    const post = (payload: Record<string, unknown>) => as(t, cookie)({ method: 'POST', url: '/api/contacts', payload });
    const before = await count(contacts);
    expectFieldError(await post({ name: INJECTED }), 'name');
    expectFieldError(await post({ name: 'Pau', relationship: 'amic\ttreball' }), 'relationship');
    expectFieldError(await post({ name: 'Pau', notes: 'talla M\u001b[2J' }), 'notes', 'control_character_in_text');
    expect(await count(contacts)).toBe(before);
    expect((await post({ name: 'Pau', notes: 'Talla M\nLi agrada el té' })).statusCode).toBe(201);
    const created = (await post({ name: 'Pau Ferrer' })).json();
    expectFieldError(await as(t, cookie)({ method: 'PATCH', url: `/api/contacts/${created.id}`, payload: { name: 'Pau\nFerrer' } }), 'name');
    const [stored] = await db().select().from(contacts).where(eq(contacts.id, created.id));
    expect(stored!.name).toBe('Pau Ferrer');
  });

  it('a business’s name, address and legal name at the interest form and in the profile, and a gift’s name', async () => {
    const beforeUsers = await count(users);
    const interest = await authedInject(t, null, {
      method: 'POST',
      url: '/api/business/interest',
      payload: { businessName: 'Forn\r\nBcc: x@example.test', email: `forn-${randomUUID().slice(0, 8)}@example.test` },
    });
    expectFieldError(interest, 'businessName', 'control_character');
    expect(await count(users)).toBe(beforeUsers);

    const owner = await signedInOwner(t, { name: 'Forn de Russafa' });
    const patch = (payload: Record<string, unknown>) => as(t, owner.cookie)({ method: 'PATCH', url: '/api/business/me', payload });
    expectFieldError(await patch({ name: 'Forn\nde Russafa' }), 'name');
    expectFieldError(await patch({ address: 'Carrer de Sueca 12\r\n3r' }), 'address');
    expectFieldError(await patch({ legalName: 'Forn SL\u0008' }), 'legalName');
    const [stored] = await db().select().from(businesses).where(eq(businesses.id, owner.business.id));
    expect(stored).toMatchObject({ name: 'Forn de Russafa', address: owner.business.address, legalName: owner.business.legalName });

    const gift = await as(t, owner.cookie)({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Cena\npara dos', price: '30' } });
    expectFieldError(gift, 'name');
  });

  it('a person’s name, at sign-up and in the profile', async () => {
    const before = await count(users);
    const signUp = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `new-${randomUUID().slice(0, 8)}@example.test`, password: 'a-long-enough-password', name: INJECTED },
    });
    expect(signUp.statusCode, signUp.body).toBe(400);
    expect(signUp.json()).toMatchObject({ code: 'INVALID_SIGN_UP_FIELD' });
    const businessSignUp = await authedInject(t, null, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `new-${randomUUID().slice(0, 8)}@example.test`, password: 'a-long-enough-password', name: 'Ana', userType: 'business', businessName: 'Forn\nBcc: x' },
    });
    expect(businessSignUp.statusCode, businessSignUp.body).toBe(400);
    expect(await count(users)).toBe(before);

    const { cookie, user } = await signedInUser(t);
    expectFieldError(await as(t, cookie)({ method: 'PATCH', url: '/api/profile', payload: { fullName: 'Ana\nSoler' } }), 'fullName');
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored!.name).toBe(user.name);
  });
});
