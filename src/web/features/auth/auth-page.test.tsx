// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const dom = mountReactRootPerTest();

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => {
  document.head.querySelector('meta[name="regalo-sign-in"]')?.remove();
});

/** /auth as served: the server writes the sign-in methods it offers into the document. */
async function render(methods: string, path: string) {
  document.head.insertAdjacentHTML('beforeend', `<meta name="regalo-sign-in" content="${methods}">`);
  const { default: AuthPage } = await import('./auth-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>loading</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('form')).not.toBeNull(), { timeout: 3000 });
}

const googleButton = () => [...dom.container.querySelectorAll('button')].find((button) => button.textContent?.includes('Continue with Google'));

describe('the auth page', () => {
  for (const path of ['/auth', '/auth?tab=signup']) {
    it(`shows no Google button, nor the "or" divider, where Google is not configured (${path})`, async () => {
      await render('password', path);
      expect(googleButton()).toBeUndefined();
      expect(dom.container.textContent).not.toContain('or continue with email');
      expect(dom.container.textContent).not.toContain('not available');
    });

    it(`offers Google, usable, where it is configured (${path})`, async () => {
      await render('password google', path);
      expect(googleButton()?.disabled).toBe(false);
      expect(dom.container.textContent).toContain('or continue with email');
    });
  }

  it('after a confirmation link says the address is confirmed and how many guest purchases it found', async () => {
    await render('password', '/auth?notice=email_verified&found=2');
    const status = dom.container.querySelector('[role="status"]')!;
    expect(status.textContent).toContain('Your email address is already confirmed');
    expect(status.textContent).toContain('We found 2 earlier purchases made as a guest with this address');
    expect(status.querySelector('a')?.getAttribute('href')).toBe('/purchase');
  });

  it('says nothing of purchases when none were found', async () => {
    await render('password', '/auth?notice=email_verified');
    expect(dom.container.querySelector('[role="status"]')?.textContent).not.toContain('We found');
  });
});
