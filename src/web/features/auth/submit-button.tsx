import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

/** A form's submit button that shows progress and cannot be pressed twice. */
export function SubmitButton({ pending, children, pendingText }: { pending: boolean; children: ReactNode; pendingText: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending ? <Spinner decorative className="text-white" /> : null}
      {pending ? pendingText : children}
    </Button>
  );
}
