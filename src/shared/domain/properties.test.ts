import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CENTS, parsePriceToCents, splitCommission } from './money';
import { isValidNif, normalizeTaxId } from './tax-id';
import { computeExpiresAt, GIFT_TIME_ZONE } from './validity';

/** Property-based checks of the money, tax id and expiry rules, with fast-check: each holds for any input, not only the examples. */

const madridDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: GIFT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const madridTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: GIFT_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(d);

describe('parsePriceToCents', () => {
  const cents = fc.integer({ min: 1, max: MAX_PRICE_CENTS });
  const euros = (c: number) => `${Math.floor(c / 100)}`;
  const fraction = (c: number) => String(c % 100).padStart(2, '0');

  it('reads back any price written with a comma or a point, with or without thousands', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const whole = euros(c);
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        for (const text of [`${whole},${fraction(c)}`, `${whole}.${fraction(c)}`, `${grouped},${fraction(c)} €`]) {
          expect(parsePriceToCents(text)).toEqual({ ok: true, cents: c });
        }
      }),
    );
  });

  it('never answers a fraction of a cent, a negative or an amount above the maximum', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const result = parsePriceToCents(text);
        if (result.ok) {
          expect(Number.isInteger(result.cents)).toBe(true);
          expect(result.cents).toBeGreaterThan(0);
          expect(result.cents).toBeLessThanOrEqual(MAX_PRICE_CENTS);
        }
      }),
    );
  });
});

describe('splitCommission', () => {
  it('splits into whole cents that add up to the total, commission within the rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), fc.integer({ min: 0, max: 10_000 }), (total, rateHundredths) => {
        const rate = rateHundredths / 100;
        const { commissionCents, netCents } = splitCommission(total, rate);
        expect(Number.isInteger(commissionCents) && Number.isInteger(netCents)).toBe(true);
        expect(commissionCents + netCents).toBe(total);
        expect(Math.abs(commissionCents - (total * rate) / 100)).toBeLessThanOrEqual(0.5);
        expect(commissionCents).toBeGreaterThanOrEqual(0);
        expect(netCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('tax ids', () => {
  const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
  it('a NIF is valid with its own letter only, however it is spaced or cased', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom(...LETTERS), (n, letter) => {
        const digits = String(n).padStart(8, '0');
        const right = LETTERS[n % 23]!;
        expect(isValidNif(`${digits}${letter}`)).toBe(letter === right);
        expect(isValidNif(`${digits.slice(0, 4)} ${digits.slice(4)}-${right.toLowerCase()}`)).toBe(true);
        expect(normalizeTaxId(` ${digits}-${right.toLowerCase()} `)).toBe(`${digits}${right}`);
      }),
    );
  });
});

describe('computeExpiresAt (Europe/Madrid)', () => {
  it('ends at 23:59:59 Madrid time, validityDays calendar days after the local purchase day, across DST', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 730 }),
        (from, days) => {
          const expires = computeExpiresAt(from, days);
          expect(madridTime(expires)).toBe('23:59:59');
          const [y, m, d] = madridDate(from).split('-').map(Number);
          const expected = new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
          expect(madridDate(expires)).toBe(expected);
          expect(expires.getTime()).toBeGreaterThanOrEqual(from.getTime());
        },
      ),
    );
  });
});
