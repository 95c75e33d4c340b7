import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, ANALYTICS_COOKIE, MARKETING_COOKIE } from '@shared/contracts/consent-cookies';
import { LANGUAGE_COOKIE } from '@shared/contracts/language-cookie';
import { formatPrice } from '@shared/format';
import { LEGAL_VERSIONS, legalPages } from '@shared/domain/legal-versions';
import { productionOperatorEnv as operator } from '../../testing/operator-env';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * ADR 059: the legal pages answer 200 without a script in both languages, name the
 * configured operator (never a placeholder), show their version's date, link back into the
 * app and to each other. Read through inject, i.e. exactly what a browser with JavaScript off gets.
 */
describe('the legal pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...operator, PUBLIC_URL: 'https://regalos.example', DEFAULT_COMMISSION_RATE: '12.5' } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  for (const page of legalPages) {
    for (const language of ['en', 'es'] as const) {
      it(`/${page} in ${language}: 200, no script, filled in, versioned, linked back`, async () => {
        const res = await get(`/${page}?lang=${language}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        const html = res.body;
        expect(html).toContain(`<html lang="${language}">`);
        expect(html).not.toMatch(/<script/i);
        // The app's icon, so the browser does not go asking for /favicon.ico.
        expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
        // Every placeholder filled from the settings; no markup of the catalogues left raw.
        expect(html.slice(html.indexOf('<body>'))).not.toMatch(/\{\{|\}\}|\]\(/);
        expect(html).toMatch(new RegExp(`data-version="${LEGAL_VERSIONS[page]}"`));
        // Day first, the month in the page's language (ADR 058).
        const shown: Record<string, [string, string]> = { '2026-11-27': ['27 Nov 2026', '27 nov 2026'], '2026-12-06': ['6 Dec 2026', '6 dic 2026'] };
        expect(html).toContain(shown[LEGAL_VERSIONS[page]]![language === 'en' ? 0 : 1]);
        // Back into the app, and every other legal page plus the privacy policy in the footer.
        expect(html).toContain('<a class="back" href="/">');
        expect(html).toContain('href="/app"');
        expect(html).toContain('href="/privacy"');
        for (const other of legalPages) expect(html).toContain(`href="/${other}?lang=${language}"`);
        expect(html).toContain(`href="/${page}?lang=${language === 'en' ? 'es' : 'en'}"`);
      });
    }
  }

  it('speaks the browser\'s language when no ?lang= is given, and says it varies with it', async () => {
    const spanish = await get('/terms', { 'accept-language': 'fr-FR,es;q=0.8,en;q=0.5' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Condiciones de venta');
    expect(spanish.headers.vary).toContain('Accept-Language');
    const fallback = await get('/terms', { 'accept-language': 'de' });
    expect(fallback.body).toContain('<html lang="en">');
  });

  it('the legal notice names the operator from the settings (LSSI art. 10)', async () => {
    for (const language of ['en', 'es']) {
      const html = (await get(`/legal?lang=${language}`)).body;
      expect(html).toContain('Regalos Valencianos S.L.');
      expect(html).toContain(operator.OPERATOR_TAX_ID);
      expect(html).toContain('Plaça de la Reina 3, 46001 València, España');
      expect(html).toContain('Registro Mercantil de Valencia, tomo 10234, folio 12, hoja V-175321, inscripción 1.ª');
      expect(html).toContain(`href="mailto:${operator.SUPPORT_EMAIL}"`);
      expect(html).toContain(`href="mailto:${operator.PRIVACY_EMAIL}"`);
      expect(html).toContain('regalos.example');
    }
  });

  it('the terms name the seller, VAT, validity, the 14-day withdrawal and its functions, complaints', async () => {
    const en = (await get('/terms?lang=en')).body;
    expect(en).toContain('in the name and on behalf of the business');
    expect(en).toContain('include VAT');
    expect(en).toContain('between 30 and 365 days');
    expect(en).toContain('14 calendar days');
    expect(en).toContain('&quot;Withdraw from contract here&quot;');
    expect(en).toContain('<a href="/withdrawal-form">model withdrawal form</a>');
    expect(en).toContain('Consumer Arbitration System');
    const es = (await get('/terms?lang=es')).body;
    expect(es).toContain('&quot;Desistir del contrato aquí&quot;');
    expect(es).toContain('&quot;Confirmar desistimiento&quot;');
    expect(es).toContain('Sistema Arbitral de Consumo');
  });

  it('the cookie policy lists every cookie the app sets, with its lifetime, and how to reopen the banner', async () => {
    const html = (await get('/cookies?lang=en')).body;
    // https PUBLIC_URL: Better Auth prefixes its cookies with __Secure-.
    for (const name of ['__Secure-better-auth.session_token', '__Secure-better-auth.state', CONSENT_COOKIE, ANALYTICS_COOKIE, MARKETING_COOKIE, LANGUAGE_COOKIE]) {
      expect(html).toContain(`<code>${name}</code>`);
    }
    expect(html).toContain('30 days after you last used Regalo, and at most 90 days after signing in');
    expect(html).toContain('365 days');
    expect(html).toContain('href="/?cookies=customise"');
  });

  it('the partner agreement carries the configured commission, IVA on it and the payout rule', async () => {
    const html = (await get('/partner-terms?lang=es')).body;
    expect(html).toContain('Es del 12,5 %');
    expect(html).toContain('IVA español al 21 %');
    expect(html).toContain(`más ${formatPrice(105)} de IVA, y el comercio recibe ${formatPrice(4395)}`);
    expect(html).toContain('Stripe Connect');
    expect(html).toContain('plazo de desistimiento de 14 días');
  });

  it('the partner agreement follows COMMISSION_VAT_RATE, never a fixed 21 %', async () => {
    const other = await createTestApp({ env: { ...operator, COMMISSION_VAT_RATE: '10' } });
    try {
      const html = (await other.app.inject({ method: 'GET', url: '/partner-terms?lang=en' })).body;
      expect(html).toContain('IVA) at 10 %');
      expect(html).toContain(`plus ${formatPrice(50)} of IVA, and the business receives ${formatPrice(4450)}`);
      expect(html).not.toContain('21 %');
    } finally {
      await other.close();
    }
  });

  it('the model withdrawal form is addressed to the operator with its addresses', async () => {
    const html = (await get('/withdrawal-form?lang=es')).body;
    expect(html).toContain('A la atención de:</strong> Regalos Valencianos S.L., Plaça de la Reina 3');
    expect(html).toContain('(*) Táchese lo que no proceda.');
    expect((await get('/withdrawal-form?lang=en')).body).toContain('I/We (*) hereby give notice');
  });

  it('the accessibility statement gives the support address to report a barrier', async () => {
    const html = (await get('/accessibility?lang=en')).body;
    expect(html).toContain('Tell us about a barrier');
    expect(html).toContain(`href="mailto:${operator.SUPPORT_EMAIL}"`);
  });

  it('the recipient\'s server-rendered pages link to them in their footer', async () => {
    const html = (await get('/g?lang=es')).body;
    for (const page of ['terms', 'legal', 'cookies', 'accessibility']) expect(html).toContain(`href="/${page}?lang=es"`);
  });
});
