/**
 * Input — a text-like <input>. Pair it with <Field> (label, hint and error wired for you):
 *   <Field label={t('email')} error={errors.email?.message}><Input type="email" {...register('email')} /></Field>
 * Shows the error style whenever aria-invalid is true.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const controlClasses =
  'w-full rounded-xl border border-line bg-white px-3.5 text-base text-ink shadow-xs transition-colors placeholder:text-stone-500 hover:border-stone-400 focus-visible:border-sea-600 focus-visible:outline-2 focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-sand-100 disabled:opacity-70 aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'min-h-11 py-2', 'file:mr-3 file:border-0 file:bg-transparent file:font-medium', className)} {...props} />;
}
