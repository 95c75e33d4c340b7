// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The account-deleted notice loads its code only when the address asks for it (the landing
 * page's JavaScript budget, ADR 039); the page must still show it then, and only then.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  vi.stubGlobal('fetch', vi.fn(async () => new Response('null', { status: 200 })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function renderLanding() {
  const { default: LandingPage } = await import('./landing-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <LandingPage />
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('#hero-title')).not.toBeNull());
}

const notice = () => dom.container.querySelector('[data-testid="account-deleted"]');

describe('the landing page after an account was deleted', () => {
  it('shows the notice when the address says so', async () => {
    window.history.replaceState(null, '', '/?account=deleted');
    await renderLanding();
    await vi.waitFor(() => expect(notice()?.textContent).toContain('Your account has been deleted'));
    // The notice takes the flag out of the address once it has shown.
    await vi.waitFor(() => expect(window.location.search).toBe(''));
  });

  it('shows nothing otherwise', async () => {
    await renderLanding();
    expect(notice()).toBeNull();
  });
});

describe('the landing page\'s shop window (ADR 067)', () => {
  it('shows the featured gifts the server names, each a link to its public page, and "See all gifts"', async () => {
    const items = [{ name: 'Horchata y fartons', businessName: 'Horchatería Santa Catalina', price: 750, priceText: '7,50\u00a0€', imageUrl: null, href: '/b/horchateria-santa-catalina/horchata-y-fartons?lang=en' }];
    const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(url.startsWith('/api/shop/featured') ? { items } : null), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await renderLanding();
    await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="featured-gifts"]')).not.toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/shop/featured?lang=en')).toBe(true);
    const link = [...dom.container.querySelectorAll('[data-testid="featured-gifts"] a')][0] as HTMLAnchorElement;
    expect(link.textContent).toBe('Horchata y fartons');
    expect(link.getAttribute('href')).toBe('/b/horchateria-santa-catalina/horchata-y-fartons?lang=en');
    expect(dom.container.textContent).toContain('7,50');
    const all = [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'See all gifts');
    expect(all?.getAttribute('href')).toBe('/gifts?lang=en');
  });

  it('still leads to the catalogue when the server has nothing to show', async () => {
    await renderLanding();
    expect(dom.container.querySelector('[data-testid="featured-gifts"]')).toBeNull();
    expect([...dom.container.querySelectorAll('a')].some((a) => a.getAttribute('href') === '/gifts?lang=en')).toBe(true);
  });
});

describe('the landing page\'s ways to buy', () => {
  it('lead to the shop window, where anyone can buy as a guest; only the header signs in', async () => {
    await renderLanding();
    const hrefOf = (selector: string, name: string) =>
      [...dom.container.querySelectorAll(`${selector} a`)].find((a) => a.textContent?.trim() === name)?.getAttribute('href');
    expect(hrefOf('section[aria-labelledby="hero-title"]', 'Send a gift')).toBe('/gifts?lang=en');
    expect(hrefOf('#how-it-works', 'Find a gift')).toBe('/gifts?lang=en');
    expect(hrefOf('section[aria-labelledby="footer-cta-title"]', 'Send a gift')).toBe('/gifts?lang=en');
    const toAuth = [...dom.container.querySelectorAll('main a')].filter((a) => a.getAttribute('href')?.startsWith('/auth'));
    expect(toAuth).toEqual([]);
  });
});

describe('the landing page\'s figures', () => {
  afterEach(() => document.querySelector('meta[name="regalo-figures"]')?.remove());

  it('shows the figures the server counted and wrote into the document, in the language\'s format', async () => {
    const meta = document.createElement('meta');
    meta.name = 'regalo-figures';
    meta.content = '1234 15 987';
    document.head.append(meta);
    await renderLanding();
    const figure = (key: string) => dom.container.querySelector(`[data-testid="stat-${key}"]`)?.textContent;
    expect(figure('giftsSent')).toBe('1,234');
    expect(figure('partners')).toBe('15');
    expect(figure('recipients')).toBe('987');
    expect(dom.container.querySelector('#stats-title')?.textContent).toBe('Valencia is already giving local');
  });

  it('shows no figures when the document carries none (too few to show) or carries something else', async () => {
    await renderLanding();
    expect(dom.container.querySelector('#stats-title')).toBeNull();
    expect(dom.container.querySelector('[data-testid^="stat-"]')).toBeNull();
    // Nothing invented: no number from the code either.
    expect(dom.container.textContent).not.toMatch(/2,847|2,291/);
    dom.root.render(<></>);
    const meta = document.createElement('meta');
    meta.name = 'regalo-figures';
    meta.content = '1234 lots 987';
    document.head.append(meta);
    await renderLanding();
    expect(dom.container.querySelector('#stats-title')).toBeNull();
  });
});
