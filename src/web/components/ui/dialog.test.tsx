// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent } from './dialog';

const dom = mountReactRootPerTest();

/** A dialog opened from a plain button (no Radix Trigger), as the cart bar opens the cart. */
function Page({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
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
        <DialogContent title="Cart" closeLabel="Close">
          <p>Two gifts</p>
        </DialogContent>
      </Dialog>
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
  await act(async () => {});
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
});
