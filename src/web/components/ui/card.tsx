/**
 * Card — a framed block of related content.
 *   <Card>
 *     <CardHeader><CardTitle>{t('title')}</CardTitle><CardDescription>{t('lead')}</CardDescription></CardHeader>
 *     <CardContent>…</CardContent>
 *     <CardFooter><Button>…</Button></CardFooter>
 *   </Card>
 * CardTitle renders an <h3> by default; pass `as="h2"` to keep the page's heading order.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-line bg-white text-ink shadow-soft', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 pb-3 sm:p-6 sm:pb-3', className)} {...props} />;
}

export function CardTitle({ className, as: Tag = 'h3', ...props }: ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Tag className={cn('font-display text-xl font-semibold leading-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-center gap-3 border-t border-line px-5 py-4 sm:px-6', className)} {...props} />;
}
