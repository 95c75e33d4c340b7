import { useText } from '../lib/text';
import { useOperator } from '../lib/use-operator';

/**
 * "Contact support: support@…" with a mailto link to the configured SUPPORT_EMAIL
 * (GET /api/operator). Nothing until the address is known: no dead promise.
 */
export function SupportLink({ className }: { className?: string }) {
  const { t } = useText('common');
  const operator = useOperator();
  if (!operator) return null;
  return (
    <p className={className} data-testid="support-link">
      {t('support.label')}{' '}
      <a href={`mailto:${operator.supportEmail}`} className="font-semibold text-sea-700 underline underline-offset-4">
        {operator.supportEmail}
      </a>
    </p>
  );
}
