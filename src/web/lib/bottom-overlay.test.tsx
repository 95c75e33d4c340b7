// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBottomOverlay } from './bottom-overlay';

/** A stand-in ResizeObserver whose reports the test sends by hand. */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  report(height: number) {
    const target = this.observed[0]!;
    const entry = { target, borderBoxSize: [{ blockSize: height, inlineSize: 390 }] } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
}

function Bar({ shown }: { shown: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useBottomOverlay(ref, shown);
  return <section ref={ref}>bar</section>;
}

const overlay = () => document.documentElement.style.getPropertyValue('--bottom-overlay');

describe('useBottomOverlay', () => {
  const dom = mountReactRootPerTest();
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    FakeResizeObserver.instances = [];
  });

  it('takes the bar\'s height from the resize observer, never forcing a layout while React commits', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    dom.render(<Bar shown />);
    expect(measured).not.toHaveBeenCalled();
    const [observer] = FakeResizeObserver.instances;
    act(() => observer!.report(180.4));
    expect(overlay()).toBe('181px');
    act(() => observer!.report(96));
    expect(overlay()).toBe('96px');
    expect(measured).not.toHaveBeenCalled();

    dom.render(<Bar shown={false} />);
    expect(overlay()).toBe('0px');
    expect(observer!.observed).toEqual([]);
  });
});
