import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
}

export function Pager({ page, total, pageSize, onPage, label }: PagerProps) {
  const { t } = useTranslation('app');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        {t('common.pageInfo', { page, pages })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
