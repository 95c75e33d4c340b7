/**
 * Textarea — multi-line text, same look as <Input>.
 *   <Field label={t('description')}><Textarea rows={4} {...register('description')} /></Field>
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-24 py-2.5 leading-relaxed', className)} {...props} />;
}
