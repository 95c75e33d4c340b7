import { describe, expect, it } from 'vitest';
import { parsePriceToCents, rateToBasisPoints, splitCommission, vatOnBase } from './money';

describe('parsePriceToCents', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['19,90', 1990],
    ['0,01', 1],
    [' 7,99 € ', 799],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    [',5', 50],
    [25, 2500],
  ])('%s → %i cents', (input, cents) => {
    expect(parsePriceToCents(input)).toEqual({ ok: true, cents });
  });

  it.each(['12,555', '12.505', '12,504', '0,004', '1.234,567', '12,500'])(
    'refuses %s: more than two decimals, never rounded',
    (input) => expect(parsePriceToCents(input)).toEqual({ ok: false, error: 'tooManyDecimals' }),
  );

  it.each(['abc', '-1', '0', '0,00', '1,2,3', '12..5', '1.23,4', '12,5a', 'e5', '1e3'])(
    'refuses %s as invalid',
    (input) => expect(parsePriceToCents(input)).toEqual({ ok: false, error: 'invalid' }),
  );

  it('asks for a value when empty', () => {
    expect(parsePriceToCents('')).toEqual({ ok: false, error: 'required' });
    expect(parsePriceToCents('   ')).toEqual({ ok: false, error: 'required' });
    expect(parsePriceToCents(null)).toEqual({ ok: false, error: 'required' });
  });

  it('refuses absurdly high prices', () => {
    expect(parsePriceToCents('10000,01')).toEqual({ ok: false, error: 'tooHigh' });
    expect(parsePriceToCents('10000')).toEqual({ ok: true, cents: 1_000_000 });
  });
});

describe('splitCommission', () => {
  it('rounds the commission to the cent and keeps the sum exact', () => {
    expect(splitCommission(2500, 10)).toEqual({ commissionCents: 250, netCents: 2250 });
    expect(splitCommission(1999, 12.5)).toEqual({ commissionCents: 250, netCents: 1749 });
    expect(splitCommission(1, 10)).toEqual({ commissionCents: 0, netCents: 1 });
  });
});

describe('splitCommission is exact', () => {
  it('charges 0,29 € on 25,00 € at 1,14 % (a float rate gives 0,28 €)', () => {
    expect(splitCommission(2500, 1.14)).toEqual({ commissionCents: 29, netCents: 2471 });
    expect(splitCommission(2500, '1.14')).toEqual({ commissionCents: 29, netCents: 2471 });
  });

  it('reads numeric(5,2) rates as basis points', () => {
    expect(rateToBasisPoints(1.14)).toBe(114);
    expect(rateToBasisPoints('0.29')).toBe(29);
    expect(rateToBasisPoints(30)).toBe(3000);
    expect(() => rateToBasisPoints(100.01)).toThrow(RangeError);
    expect(() => rateToBasisPoints(-1)).toThrow(RangeError);
  });

  it('matches a bigint reference for every price 0,01-200,00 € at every rate 0-30 % in 0,01 % steps', () => {
    // Reference: round half up of p × bp / 10 000 with bigints, on the rate as its decimal
    // text (what PostgreSQL stores), so neither side's float handling can hide an error.
    const MAX_PRICE = 20_000;
    const MAX_BP = 3_000;
    let mismatches = 0;
    let first = '';
    for (let bp = 0; bp <= MAX_BP; bp++) {
      const text = `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
      const [whole, fraction] = text.split('.');
      const refBp = BigInt(whole!) * 100n + BigInt(fraction!);
      const rate = Number(text);
      for (let p = 1; p <= MAX_PRICE; p++) {
        const expected = Number((BigInt(p) * refBp * 2n + 10_000n) / 20_000n);
        const { commissionCents, netCents } = splitCommission(p, rate);
        if (commissionCents !== expected || commissionCents + netCents !== p) {
          mismatches++;
          first ||= `${p} cents at ${text} %: ${commissionCents} ≠ ${expected}`;
        }
      }
    }
    expect(first).toBe('');
    expect(mismatches).toBe(0);
    // 60 million exact comparisons: a few seconds on an idle core, more on a busy CI machine.
  }, 120_000);
});

describe('vatOnBase (an invoice’s VAT is its rate applied to its base, ADR 093)', () => {
  it('gives the audit’s example: 112,41 € at 21 % is 23,61 €, not the 23,60 € of per-order roundings', () => {
    expect(vatOnBase(11241, 2100)).toBe(2361);
  });

  it('rounds half up in integers and mirrors a negative base', () => {
    expect(vatOnBase(50, 1000)).toBe(5); // 5,0 exactly
    expect(vatOnBase(5, 1000)).toBe(1); // 0,5 → 1
    expect(vatOnBase(4, 1000)).toBe(0); // 0,4 → 0
    expect(vatOnBase(-5, 1000)).toBe(-1);
    expect(Object.is(vatOnBase(-4, 1000), 0)).toBe(true); // never a negative zero
    expect(vatOnBase(0, 2100)).toBe(0);
  });

  it('differs from the sum of per-order roundings by at most half a cent per order', () => {
    for (let n = 1; n < 60; n++) {
      const lines = Array.from({ length: n }, (_, i) => 100 + ((i * 37) % 900));
      const sumOfRounded = lines.reduce((s, b) => s + vatOnBase(b, 2100), 0);
      const total = vatOnBase(lines.reduce((s, b) => s + b, 0), 2100);
      expect(Math.abs(total - sumOfRounded)).toBeLessThanOrEqual(Math.ceil(n / 2));
    }
  });

  it('refuses a rate or amount that is not whole', () => {
    expect(() => vatOnBase(1.5, 2100)).toThrow(RangeError);
    expect(() => vatOnBase(100, 21.5)).toThrow(RangeError);
  });
});
