import { CheckCircle2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useText } from '../../lib/text';

/**
 * After deleting their account the user lands here: the page says it was done (a toast
 * would have died with the previous page). It takes focus so a screen reader reads it
 * first, and the query is removed so a reload or a shared link does not repeat it.
 */
export function AccountDeletedNotice() {
  const { t } = useText('landing');
  const [isShown, setShown] = useState(() => new URLSearchParams(window.location.search).get('account') === 'deleted');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isShown) return;
    ref.current?.focus();
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [isShown]);

  if (!isShown) return null;
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      data-testid="account-deleted"
      className="flex items-start gap-3 rounded-2xl border border-olive-700/30 bg-white p-4 shadow-soft focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-olive-700" />
      <div className="flex-1">
        <p className="font-semibold">{t('accountDeleted.title')}</p>
        <p className="text-sm text-muted">{t('accountDeleted.lead')}</p>
      </div>
      <button
        type="button"
        onClick={() => setShown(false)}
        aria-label={t('accountDeleted.dismiss')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sand-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
