/** A percentage as emails write it: "12 %" / "12,5 %" in Spanish, "12%" / "12.5%" in English. */
export function formatCommission(rate: number, locale: 'en' | 'es'): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-GB', { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
}
