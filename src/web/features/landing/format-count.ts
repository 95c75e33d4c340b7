/**
 * The landing figures with the language's thousands separator: en "2,847", es "2.847".
 * `useGrouping: 'always'` because Spanish normally leaves four-digit numbers ungrouped
 * ("2847"), and the specification shows the grouped form.
 */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', { useGrouping: 'always' }).format(value);
}
