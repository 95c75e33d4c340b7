// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from './toast';

const dom = mountReactRootPerTest();

describe('toast', () => {
  it('renders nothing until the first toast, then loads the toaster and shows it', async () => {
    act(() => dom.root.render(<Toaster />));
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    await act(async () => {
      toast.success('Gift created', { description: 'It is now on sale' });
    });
    await vi.waitFor(
      async () => {
        await act(async () => {});
        expect(document.body.textContent).toContain('Gift created');
      },
      { timeout: 5000 },
    );
    expect(document.body.textContent).toContain('It is now on sale');
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();
  });
});

describe('the toast region', () => {
  it('exists before any toast once prepared, and is named in the interface language', async () => {
    const { changeLanguage } = await import('../../lib/language');
    const { prepareToaster } = await import('./toast');
    act(() => dom.root.render(<Toaster />));
    await act(async () => prepareToaster());
    await act(async () => changeLanguage('es'));
    await vi.waitFor(
      async () => {
        await act(async () => {});
        const region = document.querySelector('section[aria-live]');
        expect(region?.getAttribute('aria-label')).toMatch(/^Notificaciones /);
      },
      { timeout: 5000 },
    );
  });
});

describe('a toast over the focused control', () => {
  async function showToast(text: string) {
    act(() => dom.root.render(<><button type="button" id="logo">Regalo</button><Toaster /></>));
    await act(async () => toast.success(text));
    await vi.waitFor(
      async () => {
        await act(async () => {});
        expect(document.querySelector('[data-sonner-toast]')?.textContent).toContain(text);
      },
      { timeout: 5000 },
    );
    return document.querySelector<HTMLElement>('[data-sonner-toast]')!;
  }
  // happy-dom has no layout: the boxes are given.
  const place = (element: Element, box: { top: number; height: number }) =>
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, box.top, 390, box.height));

  it('goes at once when Tab moves focus under it (WCAG 2.4.11)', async () => {
    const item = await showToast('Added to the cart');
    const logo = document.getElementById('logo')!;
    place(item, { top: 12, height: 56 });
    place(logo, { top: 16, height: 44 });
    await act(async () => logo.focus());
    expect(item.style.visibility).toBe('hidden');
    await vi.waitFor(
      async () => {
        await act(async () => {});
        expect(document.body.textContent).not.toContain('Added to the cart');
      },
      { timeout: 5000 },
    );
  });

  it('stays when the focused control is clear of it', async () => {
    const item = await showToast('Contact saved');
    const logo = document.getElementById('logo')!;
    place(item, { top: 12, height: 56 });
    place(logo, { top: 400, height: 44 });
    await act(async () => logo.focus());
    expect(item.style.visibility).toBe('');
    expect(document.body.textContent).toContain('Contact saved');
  });
});
