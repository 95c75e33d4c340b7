// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const dom = mountReactRootPerTest();

function Page({ onConfirm }: { onConfirm: () => void }) {
  const [hasRow, setHasRow] = useState(true);
  return (
    <main id="main">
      <button type="button" id="fallback">
        New gift
      </button>
      {hasRow ? (
        <ConfirmDialog
          trigger={
            <button type="button" id="delete">
              Delete
            </button>
          }
          title="Delete Paella?"
          description="This cannot be undone."
          confirmLabel="Delete"
          cancelLabel="Cancel"
          fallbackFocus={() => document.getElementById('fallback')}
          confirmRemovesTrigger
          onConfirm={() => {
            onConfirm();
            setTimeout(() => setHasRow(false), 0);
          }}
        />
      ) : null}
    </main>
  );
}

const dialog = () => document.querySelector('[role="alertdialog"]');
const buttonIn = (element: Element, label: string) => [...element.querySelectorAll('button')].find((b) => b.textContent === label)!;

/** Opens as a user does: the trigger has focus, then is clicked; the dialog's code loads then. */
async function open() {
  const trigger = document.getElementById('delete')!;
  trigger.focus();
  await act(async () => trigger.click());
  await vi.waitFor(() => expect(dialog()).not.toBeNull());
  return dialog()!;
}

describe('the confirm dialog loaded on first use', () => {
  it('renders only the trigger until it is opened, with the attributes of a dialog trigger', () => {
    dom.render(<Page onConfirm={() => undefined} />);
    const trigger = document.getElementById('delete')!;
    expect(dialog()).toBeNull();
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.hasAttribute('aria-controls')).toBe(false);
  });

  it('opens on a click, names its panel from the trigger, and Cancel gives focus back to the trigger without confirming', async () => {
    const onConfirm = vi.fn();
    dom.render(<Page onConfirm={onConfirm} />);
    const panel = await open();
    const trigger = document.getElementById('delete')!;
    expect(panel.textContent).toContain('Delete Paella?');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(panel.id);
    // Focus starts on Cancel, as in every confirm dialog.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await act(async () => buttonIn(panel, 'Cancel').click());
    expect(dialog()).toBeNull();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('delete'));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(onConfirm).not.toHaveBeenCalled();

    // A second opening works the same (the code is there by now).
    const again = await open();
    await act(async () => buttonIn(again, 'Cancel').click());
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('delete'));
  });

  it('runs the action once on confirm and sends focus to the fallback when the trigger goes', async () => {
    const onConfirm = vi.fn();
    dom.render(<Page onConfirm={onConfirm} />);
    const panel = await open();
    await act(async () => buttonIn(panel, 'Delete').click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(document.getElementById('delete')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('fallback'));
  });

  it('opens and closes under the caller’s control when it has no trigger', async () => {
    const changes: boolean[] = [];
    function Controlled() {
      const [isOpen, setOpen] = useState(false);
      return (
        <main id="main">
          <button type="button" id="save" onClick={() => setOpen(true)}>
            Save
          </button>
          <ConfirmDialog
            open={isOpen}
            onOpenChange={(next) => {
              changes.push(next);
              setOpen(next);
            }}
            tone="primary"
            title="Send it for review?"
            description="It leaves the catalogue until approved."
            confirmLabel="Save and send"
            cancelLabel="Keep editing"
            onConfirm={() => undefined}
          />
        </main>
      );
    }
    dom.render(<Controlled />);
    expect(dialog()).toBeNull();
    const save = document.getElementById('save')!;
    save.focus();
    await act(async () => save.click());
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    await act(async () => buttonIn(dialog()!, 'Keep editing').click());
    expect(dialog()).toBeNull();
    expect(changes).toEqual([false]);
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('save'));
  });
});
