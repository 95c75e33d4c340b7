import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * What a screen shows while its data is not there: a spinner, or, when loading failed, the
 * (already translated) error with a retry button. Texts come from the caller's namespace.
 */
export function QueryFallback({
  error,
  onRetry,
  retryLabel,
  loadingLabel,
  size = 'md',
}: {
  error: string | null;
  onRetry: () => void;
  retryLabel: string;
  loadingLabel: string;
  size?: 'md' | 'lg';
}) {
  if (error !== null) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-danger-600/30 bg-danger-50 p-4">
        <p className="text-danger-700">{error}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    );
  }
  return (
    <div className={size === 'lg' ? 'flex justify-center p-10' : 'flex justify-center p-8'}>
      <Spinner label={loadingLabel} className={size === 'lg' ? 'size-8' : undefined} />
    </div>
  );
}
