/**
 * Badge — a short status label.
 *   <Badge variant="success">{t('status.paid')}</Badge>
 * Variants: neutral (default) | brand | info | success | warning | destructive.
 * Colour is never the only signal: the text says the status.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5',
  {
    variants: {
      variant: {
        neutral: 'border-stone-300 bg-stone-100 text-stone-800',
        brand: 'border-brand-200 bg-brand-50 text-brand-800',
        info: 'border-sea-200 bg-sea-50 text-sea-800',
        success: 'border-green-300 bg-green-50 text-green-800',
        warning: 'border-amber-300 bg-amber-50 text-amber-900',
        destructive: 'border-red-300 bg-red-50 text-red-800',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
