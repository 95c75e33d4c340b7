/**
 * Button — every clickable action.
 *   <Button onClick={save}>Save</Button>
 *   <Button variant="outline" size="sm">Cancel</Button>
 *   <Button variant="destructive" disabled={isPending}>{isPending ? <Spinner /> : null} Delete</Button>
 *   <Button asChild><Link to="/auth">Sign in</Link></Button>   // renders the <a>, styled
 * Variants: primary (default) | secondary | outline | ghost | inverse (on dark or brand backgrounds) | destructive | link.
 * Sizes: sm | md (default) | lg | icon (give icon buttons an aria-label).
 * type defaults to "button" so a button inside a form never submits by accident.
 */
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export interface ButtonProps extends ComponentProps<'button'>, ButtonVariantProps {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
