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
import { Children, cloneElement, isValidElement, type ComponentProps, type ReactElement, type Ref, type SyntheticEvent } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export interface ButtonProps extends ComponentProps<'button'>, ButtonVariantProps {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return <Slot className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}

type ChildProps = Record<string, unknown> & { className?: string; style?: object; ref?: Ref<unknown> };

/**
 * Renders the only child (a <Link>, an <a>) with the button's props, merged as Radix's Slot
 * merges them: the child's own props win, except event handlers (both run, the child's
 * first, the button's unless the child prevented the default), styles (combined) and class
 * names (the button's, then the child's). Radix's Slot cost ≈ 1.5 KB gzip on every page (ADR 039).
 */
function Slot({ children, ref, ...slotProps }: ComponentProps<'button'>) {
  const child = Children.only(children);
  if (!isValidElement<ChildProps>(child)) return null;
  const childProps = child.props;
  const merged: ChildProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (event: SyntheticEvent) => {
        (childValue as (event: SyntheticEvent) => void)(event);
        if (!event.defaultPrevented) (slotValue as (event: SyntheticEvent) => void)(event);
      };
    }
  }
  if (slotProps.style && childProps.style) merged.style = { ...slotProps.style, ...childProps.style };
  merged.className = [slotProps.className, childProps.className].filter(Boolean).join(' ');
  const childRef = childProps.ref;
  if (ref && childRef) merged.ref = (node: unknown) => {
    for (const r of [ref as Ref<unknown>, childRef]) {
      if (typeof r === 'function') r(node);
      else if (r) (r as { current: unknown }).current = node;
    }
  };
  else if (ref) merged.ref = ref;
  return cloneElement(child as ReactElement<ChildProps>, merged);
}
