import { CircleAlert } from 'lucide-react';

/**
 * The last failure of an auth form, kept next to the form until the next attempt: the toast
 * that also reports it disappears after a few seconds (WCAG 3.3.1).
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl border border-danger-600 bg-danger-50 px-3 py-2 text-sm text-danger-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
