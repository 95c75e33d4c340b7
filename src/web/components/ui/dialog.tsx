/**
 * Dialog — a modal window (focus trapped, Escape and the close button dismiss it).
 *   <Dialog open={open} onOpenChange={setOpen}>
 *     <DialogTrigger asChild><Button>{t('gifts.create')}</Button></DialogTrigger>
 *     <DialogContent title={t('gifts.createTitle')} description={t('gifts.createLead')} closeLabel={t('close')}>
 *       <form>…</form>
 *       <DialogFooter><DialogClose asChild><Button variant="outline">{t('cancel')}</Button></DialogClose>…</DialogFooter>
 *     </DialogContent>
 *   </Dialog>
 * `title` is required (it names the dialog for screen readers); `description` is optional.
 */
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { revealFocused } from './reveal-focus';
import { useReturnFocus } from './return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses =
  'fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-up_0.2s_ease-out]';
export const panelClasses =
  'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] scroll-py-4 overflow-y-auto rounded-t-3xl border border-line bg-sand p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-lift focus:outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-7';

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Translated name of the × button; omit to hide the button. */
  closeLabel?: string;
  /** Where focus goes on close when the opener is gone (default: the main landmark). */
  fallbackFocus?: () => HTMLElement | null;
}

export function DialogContent({
  title,
  description,
  closeLabel,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onFocus,
  fallbackFocus,
  ...props
}: DialogContentProps) {
  const focusReturn = useReturnFocus(fallbackFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(panelClasses, className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          focusReturn.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={onCloseAutoFocus ?? focusReturn.onCloseAutoFocus}
        onFocus={(event) => {
          revealFocused(event);
          onFocus?.(event);
        }}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <DialogPrimitive.Title className="font-display text-2xl font-semibold leading-tight">{title}</DialogPrimitive.Title>
            {description ? <DialogPrimitive.Description className="text-sm text-muted">{description}</DialogPrimitive.Description> : null}
          </div>
          {closeLabel ? (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sand-200 hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          ) : null}
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)} {...props} />;
}
