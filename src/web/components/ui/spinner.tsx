/**
 * Spinner — shows that something is loading. It is announced as "Loading" (pass a
 * translated `label`) unless `decorative` is set, e.g. inside a button that already says
 * "Saving…":
 *   <Spinner label={t('loading')} />
 *   <Button disabled><Spinner decorative /> {t('saving')}</Button>
 */
import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading', decorative = false }: { className?: string; label?: string; decorative?: boolean }) {
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
      className={cn('inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent text-brand-600 motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
    />
  );
}
