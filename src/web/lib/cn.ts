import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind
 * (`cn('px-4', 'px-2')` → `px-2`), so callers can override a component's defaults. It pulls in
 * tailwind-merge (~7 KB gzip): the landing page avoids it and uses the cva variant helpers.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
