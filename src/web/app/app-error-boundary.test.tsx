// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // React and the boundary log the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

function Exploding(): never {
  throw new Error('boom');
}

function MaybeExploding({ shouldThrow }: { shouldThrow: boolean }) {
  if (shouldThrow) throw new Error('boom later');
  return <p>All good</p>;
}

describe('AppErrorBoundary', () => {
  it('shows the generic error heading when a page throws while rendering', () => {
    act(() =>
      root.render(
        <AppErrorBoundary>
          <Exploding />
        </AppErrorBoundary>,
      ),
    );
    expect(container.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
    expect(container.querySelector('a[href="/"]')).not.toBeNull();
  });

  it('renders the page untouched until something throws, then replaces it', () => {
    act(() =>
      root.render(
        <AppErrorBoundary>
          <MaybeExploding shouldThrow={false} />
        </AppErrorBoundary>,
      ),
    );
    expect(container.textContent).toContain('All good');
    expect(container.querySelector('h1')).toBeNull();

    act(() =>
      root.render(
        <AppErrorBoundary>
          <MaybeExploding shouldThrow />
        </AppErrorBoundary>,
      ),
    );
    expect(container.textContent).not.toContain('All good');
    expect(container.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
  });
});
