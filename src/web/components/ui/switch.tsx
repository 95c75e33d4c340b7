/**
 * Switch — an on/off setting that applies at once. Always give it a name:
 *   <div className="flex items-center justify-between gap-4">
 *     <Label htmlFor="available">{t('available')}</Label>
 *     <Switch id="available" checked={available} onCheckedChange={setAvailable} />
 *   </div>
 * or <Switch aria-label={t('available')} … /> when there is no visible label.
 */
import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-stone-500 transition-colors data-[state=checked]:bg-olive-700 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-6 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
