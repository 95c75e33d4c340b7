import { useText } from '../../lib/text';

export function OrDivider() {
  const { t } = useText('auth');
  return (
    <div className="flex items-center gap-3 text-sm text-muted">
      <span className="h-px flex-1 bg-line" aria-hidden="true" />
      <span>{t('divider')}</span>
      <span className="h-px flex-1 bg-line" aria-hidden="true" />
    </div>
  );
}
