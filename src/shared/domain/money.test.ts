import { describe, expect, it } from 'vitest';
import { parsePriceToCents, splitCommission } from './money';

describe('parsePriceToCents', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['19,90', 1990],
    ['0,01', 1],
    ['12.504', 1250],
    ['12.505', 1251],
    [' 7,99 € ', 799],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    [',5', 50],
    [25, 2500],
  ])('%s → %i cents', (input, cents) => {
    expect(parsePriceToCents(input)).toEqual({ ok: true, cents });
  });

  it.each(['abc', '-1', '0', '0,00', '0.004', '1,2,3', '12..5', '1.23,4', '12,5a', 'e5', '1e3'])(
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
