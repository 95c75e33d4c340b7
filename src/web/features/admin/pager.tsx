import { useText } from '@web/lib/text';
import { Button } from '@web/components/ui/button';

/** Previous / next for the admin lists (page numbers, ADMIN_PAGE_SIZE rows each). */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useText('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-3 text-sm">
      <span>{t('pager.summary', { page, pages, total })}</span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Button>
      </span>
    </nav>
  );
}
