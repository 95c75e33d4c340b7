// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

const dom = mountReactRootPerTest();

beforeEach(() => {
  // React and the boundary log the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
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
      dom.root.render(
        <AppErrorBoundary>
          <Exploding />
        </AppErrorBoundary>,
      ),
    );
    expect(dom.container.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
    expect(dom.container.querySelector('a[href="/"]')).not.toBeNull();
  });

  it('renders the page untouched until something throws, then replaces it', () => {
    act(() =>
      dom.root.render(
        <AppErrorBoundary>
          <MaybeExploding shouldThrow={false} />
        </AppErrorBoundary>,
      ),
    );
    expect(dom.container.textContent).toContain('All good');
    expect(dom.container.querySelector('h1')).toBeNull();

    act(() =>
      dom.root.render(
        <AppErrorBoundary>
          <MaybeExploding shouldThrow />
        </AppErrorBoundary>,
      ),
    );
    expect(dom.container.textContent).not.toContain('All good');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
  });
});
