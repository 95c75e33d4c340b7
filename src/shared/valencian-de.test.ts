import { describe, expect, it } from 'vitest';
import { de, elideDeBefore } from './valencian-de';

describe('Valencian de', () => {
  it('apostrophises before a vowel or a silent h, and not otherwise', () => {
    expect(de('Orxateria La Palmera')).toBe('d’Orxateria La Palmera');
    expect(de('Horchatería Daniel')).toBe('d’Horchatería Daniel');
    expect(de('Forn de Russafa')).toBe('de Forn de Russafa');
  });

  it('writes a catalogue’s "de {{business}}" as d’ when the name starts with a vowel', () => {
    expect(elideDeBefore('de {{business}}', { business: 'Orxateria La Palmera' })).toBe('d’{{business}}');
    expect(elideDeBefore('Regals de {{name}}', { name: 'Arrossos Maria' })).toBe('Regals d’{{name}}');
    expect(elideDeBefore('Més regals de {{business}}', { business: 'Forn Sant Nicolau' })).toBe('Més regals de {{business}}');
    // Only a whole word "de", only before a value that is a word.
    expect(elideDeBefore('Onde {{x}}', { x: 'Ana' })).toBe('Onde {{x}}');
    expect(elideDeBefore('de {{count}}', { count: 11 })).toBe('de {{count}}');
    expect(elideDeBefore('De {{name}}', { name: 'Isabel' })).toBe('D’{{name}}');
  });
});
