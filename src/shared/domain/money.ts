/**
 * Prices are typed in euros by people and stored as whole cents. The parser works on the
 * decimal string (never on floats) and accepts both the Spanish decimal comma and the point:
 * `12,50`, `12.50`, `12,5`, `1.234,56`. A third decimal is refused, never rounded: "12,555"
 * is a typo (or "12.555" meant thousands), and publishing 12,56 € silently would sell the
 * gift at a price nobody typed.
 */
export const MAX_PRICE_CENTS = 1_000_000; // 10.000,00 € — far above any local gift

export type PriceParseResult =
  | { ok: true; cents: number }
  | { ok: false; error: 'required' | 'invalid' | 'tooManyDecimals' | 'tooHigh' };

export function parsePriceToCents(input: string | number | null | undefined): PriceParseResult {
  if (input === null || input === undefined) return { ok: false, error: 'required' };
  const raw = String(input).trim().replace(/\s|€/g, '');
  if (raw === '') return { ok: false, error: 'required' };

  const normalized = toPlainDecimal(raw);
  if (normalized === null) return { ok: false, error: 'invalid' };

  const [whole = '0', fraction = ''] = normalized.split('.');
  if (fraction.length > 2) return { ok: false, error: 'tooManyDecimals' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));

  if (!Number.isSafeInteger(cents) || cents <= 0) return { ok: false, error: 'invalid' };
  if (cents > MAX_PRICE_CENTS) return { ok: false, error: 'tooHigh' };
  return { ok: true, cents };
}

/** `1.234,56` / `1,234.56` / `12,5` → `1234.56` / `1234.56` / `12.5`; null when malformed. */
function toPlainDecimal(raw: string): string | null {
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(raw)) return null;
  const lastComma = raw.lastIndexOf(',');
  const lastDot = raw.lastIndexOf('.');
  if (lastComma !== -1 && lastDot !== -1) {
    const decimalSep = lastComma > lastDot ? ',' : '.';
    const thousandsSep = decimalSep === ',' ? '.' : ',';
    const [intPart, fracPart, ...rest] = raw.split(decimalSep);
    if (rest.length > 0 || fracPart === undefined) return null;
    // Thousands groups must be exactly three digits: `1.23,4` is a typo, not a price.
    if (!/^\d{1,3}(\d{3})*$/.test(intPart!.split(thousandsSep).join('')) ||
        !new RegExp(`^\\d{1,3}(\\${thousandsSep}\\d{3})*$`).test(intPart!)) return null;
    return `${intPart!.split(thousandsSep).join('')}.${fracPart}`;
  }
  const sep = lastComma !== -1 ? ',' : lastDot !== -1 ? '.' : null;
  if (sep === null) return raw;
  const parts = raw.split(sep);
  if (parts.length !== 2) return null;
  return `${parts[0] === '' ? '0' : parts[0]}.${parts[1]}`;
}

/**
 * A commission rate as stored (numeric(5,2), a percentage such as 1.14 or "1.14") in basis
 * points (114). Every rate the column can hold has at most two decimals, so rounding the
 * scaled value removes the binary float error (1.14 * 100 = 113.99999999999999) exactly.
 */
export function rateToBasisPoints(ratePercent: number | string): number {
  const bp = Math.round(Number(ratePercent) * 100);
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > 10_000) {
    throw new RangeError(`commission rate out of range: ${ratePercent}`);
  }
  return bp;
}

/**
 * Commission and net amount in cents for a price and a percentage rate, in integers only:
 * commission = round_half_up(total × bp / 10 000). With prices ≤ 10^6 cents and bp ≤ 10^4
 * the product stays far below 2^53, so every step is exact (no float rate times a price:
 * 2500 × 1.14 / 100 is 28.499999… and rounded to 28 instead of 29).
 */
export function splitCommission(totalCents: number, ratePercent: number | string) {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`amount must be whole cents: ${totalCents}`);
  }
  const commission = applyBasisPoints(totalCents, rateToBasisPoints(ratePercent));
  return { commissionCents: commission, netCents: totalCents - commission };
}

/** round_half_up(cents × bp / 10 000) in integers (both factors non-negative). */
function applyBasisPoints(cents: number, bp: number): number {
  const scaled = cents * bp + 5_000;
  return (scaled - (scaled % 10_000)) / 10_000;
}

export interface OrderAmounts {
  commissionCents: number;
  commissionVatCents: number;
  netCents: number;
}

/**
 * THE rounding rule of an order's money (ADR 053), integers only:
 * - commission = round_half_up(total × commission_bp / 10 000) — the rate is before VAT;
 * - commission VAT = round_half_up(commission × vat_bp / 10 000), never more than what the
 *   commission leaves of the total (only reachable with a rate above 100 / 1.21 ≈ 82,64 %);
 * - business net = total − commission − commission VAT, so the three always add up to the total.
 */
export function splitOrderAmounts(totalCents: number, commissionRatePercent: number | string, vatRatePercent: number | string): OrderAmounts {
  const { commissionCents } = splitCommission(totalCents, commissionRatePercent);
  const vat = Math.min(applyBasisPoints(commissionCents, rateToBasisPoints(vatRatePercent)), totalCents - commissionCents);
  return { commissionCents, commissionVatCents: vat, netCents: totalCents - commissionCents - vat };
}

/**
 * An invoice's VAT: its rate applied to its base (RD 1619/2012 art. 6.1.j, ADR 093), with the
 * order's rounding rule (half up, integers only). A rectifying invoice by differences has a
 * negative base; its VAT is the same rounding of the magnitude, negated, so correcting a base
 * back and forth gives back the same cents.
 */
export function vatOnBase(baseCents: number, vatBasisPoints: number): number {
  if (!Number.isSafeInteger(baseCents)) throw new RangeError(`amount must be whole cents: ${baseCents}`);
  if (!Number.isSafeInteger(vatBasisPoints) || vatBasisPoints < 0 || vatBasisPoints > 10_000) {
    throw new RangeError(`VAT rate out of range: ${vatBasisPoints}`);
  }
  const magnitude = applyBasisPoints(Math.abs(baseCents), vatBasisPoints);
  return baseCents < 0 && magnitude > 0 ? -magnitude : magnitude;
}
