// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './alert-dialog';

const dom = mountReactRootPerTest();

/**
 * A row with a Delete button whose row goes away only after the dialog has closed, as an
 * optimistic delete removes it once the request is under way.
 */
function Page() {
  const [hasRow, setHasRow] = useState(true);
  return (
    <main id="main">
      <button type="button" id="fallback">
        New contact
      </button>
      {hasRow ? (
        <ConfirmDialog
          trigger={
            <button type="button" id="delete">
              Delete
            </button>
          }
          title="Delete Pau?"
          description="This cannot be undone."
          confirmLabel="Delete"
          cancelLabel="Cancel"
          fallbackFocus={() => document.getElementById('fallback')}
          confirmRemovesTrigger
          onConfirm={() => setTimeout(() => setHasRow(false), 0)}
        />
      ) : null}
    </main>
  );
}

async function openAndPress(label: string) {
  const trigger = document.getElementById('delete')!;
  trigger.focus();
  await act(async () => trigger.click());
  const dialog = document.querySelector('[role="alertdialog"]')!;
  expect(dialog).not.toBeNull();
  const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent === label)!;
  await act(async () => button.click());
  expect(document.querySelector('[role="alertdialog"]')).toBeNull();
  // Radix's focus scope gives focus back in a timer after it unmounts; until then it is on <body>.
  await vi.waitFor(() => expect(document.activeElement).not.toBe(document.body));
}

describe('closing a confirm dialog', () => {
  it('gives focus back to the trigger on Cancel', async () => {
    act(() => dom.root.render(<Page />));
    await openAndPress('Cancel');
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.activeElement?.id).toBe('delete');
  });

  it('sends focus to the fallback when confirming removes the trigger, not to <body>', async () => {
    act(() => dom.root.render(<Page />));
    await openAndPress('Delete');
    await vi.waitFor(() => expect(document.getElementById('delete')).toBeNull());
    expect(document.activeElement?.id).toBe('fallback');
  });
});
