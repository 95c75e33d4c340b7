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
