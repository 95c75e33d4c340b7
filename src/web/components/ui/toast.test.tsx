// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from './toast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('toast', () => {
  it('renders nothing until the first toast, then loads the toaster and shows it', async () => {
    act(() => root.render(<Toaster />));
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
