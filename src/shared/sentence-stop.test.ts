import { describe, expect, it } from 'vitest';
import { oneFullStop } from './sentence-stop';

describe('one full stop after an abbreviation', () => {
  it('drops the sentence’s stop after a legal name ending in one', () => {
    expect(oneFullStop('Invoice for Orxateria La Palmera S.L..')).toBe('Invoice for Orxateria La Palmera S.L.');
    expect(oneFullStop('Factura per a Forn S.L.U.. Total: 10 €.')).toBe('Factura per a Forn S.L.U. Total: 10 €.');
  });

  it('leaves everything else alone', () => {
    for (const text of ['Vino D.O. Valencia.', 'Wait...', 'Hola, Ana.', 'Total: 12,50 €.']) expect(oneFullStop(text)).toBe(text);
  });
});
