import { useEffect, useRef } from 'react';
import { useText } from '@web/lib/text';
import { Button } from '@web/components/ui/button';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
}

export function Pager({ page, total, pageSize, onPage, label }: PagerProps) {
  const { t } = useText('app');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // "Next" to the last page disables itself, which drops keyboard focus on <body> (WCAG
  // 2.4.3): once that page has arrived, focus moves to the other button instead.
  const focusOnArrival = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    focusOnArrival.current?.focus();
    focusOnArrival.current = null;
  }, [page]);

  if (pages <= 1) return null;
  const go = (target: number) => {
    focusOnArrival.current = target >= pages ? previousRef.current : target <= 1 ? nextRef.current : null;
    onPage(target);
  };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-2">
      <Button ref={previousRef} variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('common.previous')}
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        {t('common.pageInfo', { page, pages })}
      </p>
      <Button ref={nextRef} variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
