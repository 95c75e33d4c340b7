// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailConfirmedBanner } from './email-confirmed-banner';

const dom = mountReactRootPerTest();

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function render(path: string) {
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/app"
              element={
                <>
                  <EmailConfirmedBanner />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('[data-testid="where"]')).not.toBeNull());
}

const banner = () => dom.container.querySelector('[data-testid="email-confirmed"]');

describe('the consumer area after a confirmation link', () => {
  it('says the address is confirmed and how many guest purchases wait, with the way to add them', async () => {
    await render('/app?verified=1&found=1');
    expect(banner()?.textContent).toContain('Your email address is confirmed.');
    expect(banner()?.textContent).toContain('We found an earlier purchase made as a guest with this address');
    expect(banner()?.querySelector('a')?.getAttribute('href')).toBe('/purchase');
  });

  it('says only that the address is confirmed when nothing was found, and goes away when closed', async () => {
    await render('/app?tab=gifts&verified=1');
    expect(banner()?.textContent).toContain('Your email address is confirmed.');
    expect(banner()?.textContent).not.toContain('We found');
    const close = [...banner()!.querySelectorAll('button')].find((b) => b.textContent?.includes('Close'))!;
    act(() => close.click());
    expect(banner()).toBeNull();
    expect(dom.container.querySelector('[data-testid="where"]')?.textContent).toBe('/app?tab=gifts');
  });

  it('shows nothing on an ordinary visit', async () => {
    await render('/app');
    expect(banner()).toBeNull();
  });
});
