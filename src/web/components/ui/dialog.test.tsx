// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent } from './dialog';

const dom = mountReactRootPerTest();

/** A dialog opened from a plain button (no Radix Trigger), as the cart bar opens the cart. */
function Page({ removeOpenerOnClose = false, withFallback = false }: { removeOpenerOnClose?: boolean; withFallback?: boolean }) {
  const [open, setOpen] = useState(false);
  const [hasOpener, setHasOpener] = useState(true);
  return (
    <main id="main">
      {hasOpener ? (
        <button type="button" id="opener" onClick={() => setOpen(true)}>
          Open cart
        </button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && removeOpenerOnClose) setHasOpener(false);
        }}
      >
        <DialogContent
          title="Cart"
          closeLabel="Close"
          fallbackFocus={withFallback ? () => document.getElementById('fallback') : undefined}
        >
          <p>Two gifts</p>
        </DialogContent>
      </Dialog>
      <button type="button" id="fallback">
        New gift
      </button>
    </main>
  );
}

async function openThenEscape() {
  const opener = document.getElementById('opener')!;
  opener.focus();
  await act(async () => opener.click());
  expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  expect(document.querySelector('[role="dialog"]')).toBeNull();
  // Radix's focus scope gives focus back in a timer after it unmounts; until then it is on <body>.
  await vi.waitFor(() => expect(document.activeElement).not.toBe(document.body));
}

describe('closing a dialog', () => {
  it('gives focus back to the button that opened it, even without a Radix trigger', async () => {
    act(() => dom.root.render(<Page />));
    await openThenEscape();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement?.id).toBe('opener');
  });

  it('falls back to the main landmark when the opener is gone', async () => {
    act(() => dom.root.render(<Page removeOpenerOnClose />));
    await openThenEscape();
    expect(document.activeElement?.id).toBe('main');
  });

  it('goes to the fallback the screen names when the opener is gone', async () => {
    act(() => dom.root.render(<Page removeOpenerOnClose withFallback />));
    await openThenEscape();
    expect(document.activeElement?.id).toBe('fallback');
  });
});
