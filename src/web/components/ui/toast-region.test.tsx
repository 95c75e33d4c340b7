// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Screen readers announce a toast only if its live region was already in the page when the
 * message arrived. sonner stays off the first load (ADR 044), so the region mounts at the
 * visitor's first interaction, and a toast asked for before that waits for its region.
 * Each test takes a fresh copy of the module: whether the region is mounted is module state.
 */
const dom = mountReactRootPerTest();
const region = () => document.querySelector('section[aria-live="polite"]');

/** Waits for a condition, letting React and the lazy sonner chunk finish their work. */
const eventually = (assertion: () => void) =>
  vi.waitFor(
    async () => {
      await act(async () => {});
      assertion();
    },
    { timeout: 10_000 },
  );

describe('the toast region', () => {
  let toastModule: typeof import('./toast');
  beforeEach(async () => {
    vi.resetModules();
    toastModule = await import('./toast');
  });

  it('is not there on load, and mounts, empty, at the first key or pointer press', async () => {
    const { Toaster, prepareToasterOnFirstInteraction } = toastModule;
    prepareToasterOnFirstInteraction();
    dom.render(<Toaster />);
    await act(async () => {});
    expect(region()).toBeNull();

    await act(async () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })));
    await eventually(() => expect(region()).not.toBeNull());
    expect(region()!.textContent).toBe('');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('mounts at a click alone (a screen reader activating a control sends no key to the page)', async () => {
    const { Toaster, prepareToasterOnFirstInteraction } = toastModule;
    prepareToasterOnFirstInteraction();
    dom.render(<Toaster />);
    await act(async () => document.body.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await eventually(() => expect(region()).not.toBeNull());
  });

  it('puts a toast asked for before any interaction into a region that was in the page before it', async () => {
    const { Toaster, toast } = toastModule;
    dom.render(<Toaster />);
    // Records when the region and when the message first appear in the document.
    const appeared: { region?: number; message?: number } = {};
    const observer = new MutationObserver(() => {
      appeared.region ??= region() ? performance.now() : undefined;
      appeared.message ??= document.body.textContent?.includes('Link expired') ? performance.now() : undefined;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });

    await act(async () => toast.error('Link expired'));
    await eventually(() => expect(appeared.message).toBeDefined());
    observer.disconnect();
    expect(appeared.region).toBeDefined();
    // Not in the same update: the region has been in the page for a while before the message.
    expect(appeared.message! - appeared.region!).toBeGreaterThanOrEqual(200);
    expect(region()!.textContent).toContain('Link expired');
  });
});
