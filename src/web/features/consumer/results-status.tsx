import type { ReactNode } from 'react';

/**
 * The visible outcome of a search or filter ("13 gifts", "No gifts match your search"),
 * announced to screen readers (WCAG 4.1.3). The status region is in the page from the start
 * and only its content changes, which is what assistive technology announces; a message
 * mounted together with its live region is often missed. Empty while loading.
 */
export function ResultsStatus({ children }: { children: ReactNode }) {
  return (
    <div role="status" data-testid="results-status">
      {children}
    </div>
  );
}
