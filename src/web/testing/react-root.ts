import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// Tells React that updates run inside act(), so effects flush before assertions.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * For component tests (happy-dom): a fresh React root in a container attached to the
 * document before each test, unmounted and removed after it. Call it at the top of the file,
 * before other hooks that render.
 */
export function mountReactRootPerTest() {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    const mounted = root;
    if (mounted) act(() => mounted.unmount());
    container?.remove();
  });
  return {
    get container(): HTMLDivElement {
      return container!;
    },
    get root(): Root {
      return root!;
    },
    render(node: ReactNode) {
      act(() => root!.render(node));
    },
  };
}
