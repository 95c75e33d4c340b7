/**
 * Label — the visible name of a control. <Field> renders one for you; use Label directly
 * only for controls Field cannot wrap (e.g. beside a <Switch>):
 *   <Label htmlFor="available">{t('available')}</Label> <Switch id="available" />
 */
import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('text-sm font-semibold text-ink peer-disabled:opacity-60', className)} {...props} />;
}
