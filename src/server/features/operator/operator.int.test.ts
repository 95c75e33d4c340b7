import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '@shared/contracts/operator';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createUser, createValidCif } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipart, samplePdf } from '../../testing/upload-files';

/*
 * The operator's identity and contact addresses are configuration, published at
 * GET /api/operator and named in every email footer; a submitted business registration
 * gets a receipt ("we will review within 2-3 business days").
 */
const operator = {
  OPERATOR_NAME: 'Regalos Valencianos S.L.',
  OPERATOR_ADDRESS: 'Plaça de la Reina 3, 46001 València',
  OPERATOR_TAX_ID: 'B98765432',
  OPERATOR_REGISTRY: 'Registro Mercantil de Valencia, tomo 10234, folio 12, hoja V-175321',
  SUPPORT_EMAIL: 'ayuda@regalos.example',
  PRIVACY_EMAIL: 'dpd@regalos.example',
};

describe('GET /api/operator', () => {
  it('publishes the demo identity when nothing is configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/operator' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEMO_OPERATOR);
    } finally {
      await t.close();
    }
  });

  it('publishes the configured identity without a sign-in', async () => {
    const t = await createTestApp({ env: operator });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/operator' });
      expect(res.json()).toEqual({
        name: operator.OPERATOR_NAME,
        address: operator.OPERATOR_ADDRESS,
        taxId: operator.OPERATOR_TAX_ID,
        registry: operator.OPERATOR_REGISTRY,
        supportEmail: operator.SUPPORT_EMAIL,
        privacyEmail: operator.PRIVACY_EMAIL,
      });
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a support address that is not an email', async () => {
    await expect(createTestApp({ env: { SUPPORT_EMAIL: 'not an email' } })).rejects.toThrow(/SUPPORT_EMAIL/);
  });
});

describe('the business registration receipt and the email footer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: operator });
  });
  afterAll(() => t.close());

  async function register(locale: 'en' | 'es') {
    const user = await createUser(t.database.db, { userType: 'business', locale });
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    for (const type of ['business_license', 'tax_registration', 'articles_incorporation']) {
      const body = multipart([
        { name: 'type', value: type },
        { name: 'file', fileName: `${type}.pdf`, contentType: 'application/pdf', data: samplePdf() },
      ]);
      const res = await authedInject(t, cookie, { method: 'POST', url: '/api/business/documents', payload: body.payload, headers: body.headers });
      expect(res.statusCode).toBe(201);
    }
    const res = await authedInject(t, cookie, {
      method: 'POST',
      url: '/api/business/registration',
      payload: {
        businessName: 'Horno San Nicolás',
        category: 'coffee_bakery',
        address: 'Carrer de Cavallers 12, Valencia',
        taxId: createValidCif(),
        businessType: 'company',
        legalName: 'Horno San Nicolás S.L.',
        fiscalAddress: 'Carrer de Cavallers 12, 46001 València',
        district: 'ciutat_vella',
        commissionAccepted: true,
      },
    });
    expect(res.statusCode).toBe(201);
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
  }

  it('sends the owner a receipt in their language, signed by the configured operator', async () => {
    const [mail, ...others] = await register('en');
    expect(others).toHaveLength(0);
    expect(mail!.template).toBe('business-registration-received');
    expect(mail!.subject).toBe('We received the registration of Horno San Nicolás');
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain('within 2-3 business days');
      expect(body).toContain('http://localhost:3000/business/dashboard');
      expect(body).toContain('Regalos Valencianos S.L.');
      expect(body).toContain('Plaça de la Reina 3, 46001 València');
      expect(body).toContain('B98765432');
      expect(body).toContain('ayuda@regalos.example');
    }
    expect(mail!.text).not.toContain(DEMO_OPERATOR.name);

    const [spanish] = await register('es');
    expect(spanish!.subject).toBe('Hemos recibido el registro de Horno San Nicolás');
    expect(spanish!.text).toContain('2-3 días laborables');
    expect(spanish!.text).toContain('¿Necesitas ayuda? Escribe a ayuda@regalos.example.');
  });

  it('sends no receipt when the registration is refused', async () => {
    const user = await createUser(t.database.db, { userType: 'business' });
    const { cookie } = await signIn(t, { email: user.email, password: user.password });
    const res = await authedInject(t, cookie, {
      method: 'POST',
      url: '/api/business/registration',
      payload: { businessName: 'Sin papeles', category: 'retail', address: 'Carrer 1', taxId: createValidCif(), businessType: 'company', legalName: 'Sin Papeles S.L.', fiscalAddress: 'Carrer 1', district: 'patraix', commissionAccepted: true },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(0);
  });
});
