/** `10` → `10 %` (es) / `10%` (en); rates are stored as percentage numbers, ratios as 0-1. */
export function formatPercent(ratio: number, language: string, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(language.startsWith('es') ? 'es-ES' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits,
  }).format(ratio);
}
