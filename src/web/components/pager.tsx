import { useEffect, useRef } from 'react';
import { useText } from '@web/lib/text';
import { Button } from './ui/button';

/**
 * Where each area's catalogue keeps the pager's words. The back office's line also says how
 * many rows there are in all, so its pager shows even when everything fits on one page.
 */
const wordings = {
  admin: { previous: 'pager.previous', next: 'pager.next', position: 'pager.summary', showSinglePage: true },
  app: { previous: 'common.previous', next: 'common.next', position: 'common.pageInfo', showSinglePage: false },
} as const;

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label: string;
  /** The catalogue with the pager's words. */
  texts: keyof typeof wordings;
}

/** Previous / next through a list served in pages of `pageSize`, with where the list stands between. */
export function Pager({ page, pageSize, total, onPage, label, texts }: PagerProps) {
  const { t } = useText(texts);
  const words = wordings[texts];
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

  if (pages <= 1 && !words.showSinglePage) return null;
  const go = (target: number) => {
    focusOnArrival.current = target >= pages ? previousRef.current : target <= 1 ? nextRef.current : null;
    onPage(target);
  };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-2">
      <Button ref={previousRef} variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t(words.previous)}
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        {t(words.position, { page, pages, total })}
      </p>
      <Button ref={nextRef} variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t(words.next)}
      </Button>
    </nav>
  );
}
