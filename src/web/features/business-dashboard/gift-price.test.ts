import { describe, expect, it } from 'vitest';
import { parsePriceToCents } from '@shared/domain/money';
import { priceToInput } from './gift-price';

describe('priceToInput', () => {
  it('writes cents with a decimal comma', () => {
    expect(priceToInput(1990)).toBe('19,90');
    expect(priceToInput(5)).toBe('0,05');
    expect(priceToInput(250000)).toBe('2500,00');
  });

  it('gives back the same cents when parsed again', () => {
    for (const cents of [1, 99, 1250, 123456]) {
      expect(parsePriceToCents(priceToInput(cents))).toEqual({ ok: true, cents });
    }
  });
});
