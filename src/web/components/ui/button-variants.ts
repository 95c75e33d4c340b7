import { cva, type VariantProps } from 'class-variance-authority';

/**
 * Button look, separate from the component so a plain link can look like a button without
 * pulling the class merge (`cn`) into light pages:
 *   <Link to="/auth" className={buttonVariants({ variant: 'primary', size: 'lg' })}>…</Link>
 * Everywhere else prefer <Button>, which also merges a caller's className.
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer select-none items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sea-600 disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 [&_svg]:size-[1.1em] [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white shadow-soft hover:bg-brand-700 active:bg-brand-800',
        secondary: 'bg-sea-800 text-white shadow-soft hover:bg-sea-900',
        outline: 'border-2 border-brand-600 bg-white/70 text-brand-700 hover:bg-brand-50',
        ghost: 'text-ink hover:bg-sand-200/70',
        inverse: 'bg-white text-brand-800 shadow-soft hover:bg-brand-50',
        destructive: 'bg-danger-600 text-white shadow-soft hover:bg-danger-700',
        link: 'rounded-md px-0 text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        sm: 'min-h-9 px-3.5 text-sm',
        md: 'min-h-11 px-5 text-[0.95rem]',
        lg: 'min-h-12 px-6 text-base',
        icon: 'size-11 p-0',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'min-h-0 px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
