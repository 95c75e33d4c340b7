import { Gift, ShieldCheck, Store } from 'lucide-react';
import { useText } from '../lib/text';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { areaPaths, areasFor, type Area } from '../lib/home-path';
import { useSession } from '../lib/session';

const icons = { consumer: Gift, business: Store, admin: ShieldCheck } as const;

/**
 * The signed-in header's links to every area the user may use (consumer, business
 * dashboard, admin), the current one marked. Nothing when the user has only one area.
 */
export function AreaLinks({ current }: { current: Area }) {
  const { t } = useText('common');
  const { user } = useSession();
  if (!user) return null;
  const areas = areasFor(user);
  if (areas.length < 2) return null;
  return (
    <nav aria-label={t('areas.label')} className="flex items-center gap-1">
      {areas.map((area) => {
        const Icon = icons[area];
        const isCurrent = area === current;
        return (
          <Link
            key={area}
            to={areaPaths[area]}
            aria-current={isCurrent ? 'page' : undefined}
            className={cn(
              'inline-flex min-h-10 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold text-brand-800 hover:bg-sand-100',
              isCurrent && 'bg-brand-50 text-brand-900',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">{t(`areas.${area}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
