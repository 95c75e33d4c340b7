/**
 * ConfirmDialog — asks before something irreversible (delete a gift, deactivate a business…).
 * Same props as the AlertDialog-based one in `./alert-dialog`, which it loads on first use:
 * Radix's dialog stack (focus scope, scroll lock, presence, the alert dialog) is ≈ 14 KB gzip
 * that a screen with a Delete button on every card would otherwise download before its first
 * paint, for a dialog most visits never open (ADR 046: what opens on a click loads on the click).
 *   <ConfirmDialog
 *     trigger={<Button variant="destructive" size="sm">{t('delete')}</Button>}
 *     title={t('gifts.deleteTitle', { name })}
 *     description={t('gifts.deleteLead')}
 *     confirmLabel={t('delete')} cancelLabel={t('cancel')}
 *     onConfirm={() => deleteGift.mutate(id)}
 *   />
 * The trigger stays the very element given (no Radix Trigger around it): it keeps focus while
 * the dialog's code arrives, so the dialog gives focus back to it on close. It carries the
 * attributes Radix's trigger would (`aria-haspopup`, `aria-expanded`, `aria-controls`), and a
 * pointer over it or focus on it starts the download early.
 */
import { cloneElement, lazy, Suspense, useId, useState, type ReactElement, type SyntheticEvent } from 'react';
import type { ConfirmDialogProps } from './alert-dialog';

const loadAlertDialog = () => import('./alert-dialog');
const AlertConfirmDialog = lazy(() => loadAlertDialog().then((module) => ({ default: module.ConfirmDialog })));
const preload = () => void loadAlertDialog().catch(() => undefined);

type TriggerProps = {
  onClick?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
};

export function ConfirmDialog({ trigger, open: controlledOpen, onOpenChange, ...props }: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  // Mounted from the first opening on, so Radix sees it close (and gives focus back).
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const contentId = useId();
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  let opener: ReactElement | null = null;
  if (trigger) {
    const own = (trigger as ReactElement<TriggerProps>).props;
    const chain = (name: keyof TriggerProps, then: (event: SyntheticEvent) => void) => (event: SyntheticEvent) => {
      own[name]?.(event);
      if (!event.defaultPrevented) then(event);
    };
    opener = cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      'aria-controls': open ? contentId : undefined,
      'data-state': open ? 'open' : 'closed',
      onClick: chain('onClick', () => setOpen(true)),
      onPointerEnter: chain('onPointerEnter', preload),
      onFocus: chain('onFocus', preload),
    });
  }

  return (
    <>
      {opener}
      {used ? (
        <Suspense fallback={null}>
          <AlertConfirmDialog {...props} contentId={contentId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
