/**
 * Checkbox — a yes/no answer inside a form (e.g. accepting the commission agreement).
 *   <div className="flex items-start gap-3">
 *     <Checkbox id="terms" checked={accepted} onCheckedChange={(v) => setAccepted(v === true)} />
 *     <Label htmlFor="terms">{t('acceptTerms')}</Label>
 *   </div>
 */
import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-md border-2 border-stone-500 bg-white transition-colors data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-white disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger-600',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check aria-hidden="true" className="size-4" strokeWidth={3} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
