/**
 * Prices, dates and times are shown in the Spanish locale whatever the interface language,
 * as the specification requires (e.g. `25,00 €`, `21 nov 2026, 18:30`).
 */
const TIME_ZONE = 'Europe/Madrid';

const euro = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
const dateTime = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

export function formatPrice(cents: number): string {
  return euro.format(cents / 100);
}

export function formatDateTime(value: Date | string): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value);
}

export function formatDate(value: Date | string): string {
  return dateOnly.format(typeof value === 'string' ? new Date(value) : value);
}
