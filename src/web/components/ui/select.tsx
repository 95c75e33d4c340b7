/**
 * Select — pick one value from a list (Radix Select: keyboard type-ahead, works on touch).
 *   <Select value={category} onValueChange={setCategory}>
 *     <SelectTrigger aria-label={t('category')} placeholder={t('choose')} />
 *     <SelectContent>
 *       <SelectItem value="restaurant">{t('categories.restaurant')}</SelectItem>
 *     </SelectContent>
 *   </Select>
 * Inside <Field>, give SelectTrigger the Field's child slot: <Field label=…><SelectTrigger … /></Field>.
 */
import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';

export const Select = SelectPrimitive.Root;

export function SelectTrigger({ className, placeholder, ...props }: ComponentProps<typeof SelectPrimitive.Trigger> & { placeholder?: ReactNode }) {
  return (
    <SelectPrimitive.Trigger
      className={cn(controlClasses, 'flex min-h-11 cursor-pointer items-center justify-between gap-2 py-2 text-left data-[placeholder]:text-stone-500', className)}
      {...props}
    >
      <SelectPrimitive.Value placeholder={placeholder} />
      <SelectPrimitive.Icon>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position="popper"
        sideOffset={6}
        className={cn(
          'z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-line bg-white p-1 shadow-lift',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport>{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex min-h-10 cursor-pointer select-none items-center rounded-lg py-2 pl-8 pr-3 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-brand-700 data-[highlighted]:text-white data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemIndicator className="absolute left-2.5 inline-flex">
        <Check aria-hidden="true" className="size-4" />
      </SelectPrimitive.ItemIndicator>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
