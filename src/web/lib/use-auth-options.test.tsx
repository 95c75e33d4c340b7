// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthOptions } from './use-auth-options';

const getAuthOptions = vi.hoisted(() => vi.fn());
vi.mock('./auth-client', () => ({ getAuthOptions }));

let seen: ({ google: boolean } | null)[] = [];
function Probe() {
  seen.push(useAuthOptions());
  return null;
}

describe('useAuthOptions', () => {
  const dom = mountReactRootPerTest();
  afterEach(() => {
    document.head.querySelector('meta[name="regalo-sign-in"]')?.remove();
    getAuthOptions.mockReset();
    seen = [];
  });

  it('knows the sign-in methods from the first render when the server wrote them into the document', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="regalo-sign-in" content="password google">');
    dom.render(<Probe />);
    expect(seen[0]).toEqual({ google: true });
    expect(getAuthOptions).not.toHaveBeenCalled();
  });

  it('reads "password" alone as no Google sign-in', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="regalo-sign-in" content="password">');
    dom.render(<Probe />);
    expect(seen).toEqual([{ google: false }]);
  });

  it('asks the server when the document does not say', async () => {
    getAuthOptions.mockResolvedValue({ google: true });
    dom.render(<Probe />);
    expect(seen[0]).toBeNull();
    await act(async () => {});
    expect(getAuthOptions).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toEqual({ google: true });
  });
});
