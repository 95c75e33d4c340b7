/**
 * Says the outcome of a search or filter to screen readers (WCAG 4.1.3): "3 gifts", "No
 * gifts match your search". The region is in the page from the start and only its text
 * changes, which is what assistive technology announces; a message mounted together with
 * its live region (the visible "no results" box) is often missed. Empty while loading.
 */
export function ResultsStatus({ message }: { message: string | null }) {
  return (
    <p role="status" className="sr-only" data-testid="results-status">
      {message ?? ''}
    </p>
  );
}
