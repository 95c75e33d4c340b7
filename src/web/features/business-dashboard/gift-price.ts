/** Whole cents → the text the price field starts with when editing (`1990` → `19,90`). */
export function priceToInput(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${euros},${rest}`;
}
