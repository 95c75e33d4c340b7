// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/* The privacy page names the configured operator and links its addresses. */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const operator = {
  name: 'Regalos Valencianos S.L.',
  address: 'Plaça de la Reina 3, 46001 València',
  taxId: 'B98765432',
  supportEmail: 'ayuda@regalos.example',
  privacyEmail: 'dpd@regalos.example',
};

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/operator' ? new Response(JSON.stringify(operator), { status: 200 }) : new Response('null', { status: 200 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the privacy page', () => {
  it('names the configured operator and links the privacy and support addresses', async () => {
    const { default: PrivacyPage } = await import('./privacy-page');
    await act(async () => {
      dom.root.render(
        <Suspense fallback={<p>loading</p>}>
          <PrivacyPage />
        </Suspense>,
      );
    });
    await vi.waitFor(() => expect(document.querySelector('[data-testid="privacy-controller"]')).not.toBeNull(), { timeout: 10_000 });
    expect(document.querySelector('[data-testid="privacy-controller"]')!.textContent).toBe(
      'Data controller: Regalos Valencianos S.L., Plaça de la Reina 3, 46001 València. Tax ID: B98765432.',
    );
    const mailtos = [...document.querySelectorAll('main a[href^="mailto:"]')].map((a) => a.getAttribute('href'));
    expect(mailtos).toEqual(['mailto:dpd@regalos.example', 'mailto:ayuda@regalos.example']);
    expect(document.body.textContent).not.toContain('privacy@regalo.test');
  });
});
