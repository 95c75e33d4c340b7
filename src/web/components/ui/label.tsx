/**
 * Label — the visible name of a control. <Field> renders one for you; use Label directly
 * only for controls Field cannot wrap (e.g. beside a <Switch>):
 *   <Label htmlFor="available">{t('available')}</Label> <Switch id="available" />
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A plain <label> doing what Radix's Label did, without its runtime on every form (ADR 039). */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm font-semibold text-ink peer-disabled:opacity-60', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // As Radix's Label: a double click on the label does not select its text.
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
