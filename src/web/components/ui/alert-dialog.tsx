/**
 * ConfirmDialog — asks before something irreversible (delete a gift, sign out everywhere…).
 * Focus starts on Cancel, Escape cancels, and only the confirm button runs the action.
 * Screens import it from `./confirm-dialog`, which loads this module when it is first opened.
 *   <ConfirmDialog
 *     trigger={<Button variant="destructive" size="sm">{t('delete')}</Button>}
 *     title={t('gifts.deleteTitle', { name })}
 *     description={t('gifts.deleteLead')}
 *     confirmLabel={t('delete')} cancelLabel={t('cancel')}
 *     onConfirm={() => deleteGift.mutate(id)}
 *   />
 * For full control use the AlertDialog primitives re-exported below.
 */
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { useState, type ReactElement, type ReactNode } from 'react';
import { buttonVariants } from './button-variants';
import { overlayClasses, panelClasses } from './dialog';
import { revealFocused } from './reveal-focus';
import { useReturnFocus } from './return-focus';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export interface ConfirmDialogProps {
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  /** Destructive actions (the default) get the red confirm button. */
  tone?: 'destructive' | 'primary';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on close when the trigger is gone, e.g. after a delete (default: main). */
  fallbackFocus?: () => HTMLElement | null;
  /**
   * Confirming removes the trigger (a delete whose row goes away only after the dialog has
   * closed): focus then goes to `fallbackFocus` at once instead of to the trigger, which
   * would take it to <body> as it leaves. Cancel still returns to the trigger.
   */
  confirmRemovesTrigger?: boolean;
  /** The panel's id, when an opener outside this component names it in `aria-controls`. */
  contentId?: string;
}

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'destructive',
  open,
  onOpenChange,
  fallbackFocus,
  confirmRemovesTrigger = false,
  contentId,
}: ConfirmDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <ConfirmContent id={contentId} fallbackFocus={fallbackFocus} confirmRemovesTrigger={confirmRemovesTrigger}>
          {(markConfirmed) => (
            <>
              <AlertDialogPrimitive.Title className="font-display text-2xl font-semibold leading-tight">{title}</AlertDialogPrimitive.Title>
              <AlertDialogPrimitive.Description className="mt-2 text-muted">{description}</AlertDialogPrimitive.Description>
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'outline' })}>{cancelLabel}</AlertDialogPrimitive.Cancel>
                <AlertDialogPrimitive.Action
                  className={buttonVariants({ variant: tone })}
                  onClick={() => {
                    markConfirmed();
                    onConfirm();
                  }}
                >
                  {confirmLabel}
                </AlertDialogPrimitive.Action>
              </div>
            </>
          )}
        </ConfirmContent>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

function ConfirmContent({
  id,
  children,
  fallbackFocus,
  confirmRemovesTrigger,
}: {
  id?: string;
  children: (confirmed: () => void) => ReactNode;
  fallbackFocus?: () => HTMLElement | null;
  confirmRemovesTrigger: boolean;
}) {
  // A confirmed delete removes the button that opened the dialog: focus then goes to the
  // fallback, else main. The content mounts with each opening, so this starts false.
  const [wasConfirmed, setConfirmed] = useState(false);
  const focusReturn = useReturnFocus(fallbackFocus, () => confirmRemovesTrigger && wasConfirmed);
  return (
    <AlertDialogPrimitive.Content {...(id ? { id } : {})} className={panelClasses} onFocus={revealFocused} {...focusReturn}>
      {children(() => setConfirmed(true))}
    </AlertDialogPrimitive.Content>
  );
}
