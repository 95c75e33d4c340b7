import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import { useText } from '@web/lib/text';

/** "Report" next to a gift or business a giver can see (DSA art. 16, ADR 059). */
export function ReportLink({ type, id, name }: { type: 'gift' | 'business'; id: string; name: string }) {
  const { t } = useText('app');
  const query = new URLSearchParams({ type, id, name });
  return (
    <Link
      to={`/report?${query.toString()}`}
      aria-label={t('report.label', { name })}
      className="inline-flex min-h-11 items-center gap-1 self-start rounded-md text-sm text-muted underline underline-offset-4 hover:text-brand-800"
    >
      <Flag aria-hidden="true" className="size-3.5" />
      {t('report.link')}
    </Link>
  );
}
