import { FORMAT_TAGS, type Locale } from '@shared/locale';

/**
 * The landing figures with the language's thousands separator: en "2,847", es and va "2.847".
 * `useGrouping: 'always'` because Spanish normally leaves four-digit numbers ungrouped
 * ("2847"), and the specification shows the grouped form. (Not in shared/format.ts: the
 * landing page would download all of it for this one line.)
 */
export function formatCount(value: number, language: Locale): string {
  return new Intl.NumberFormat(FORMAT_TAGS[language], { useGrouping: 'always' }).format(value);
}
