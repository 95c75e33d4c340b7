import { describe, expect, it } from 'vitest';
import { catalogueText } from './catalogues';

describe('server catalogue texts', () => {
  it('write Valencian "de" as d’ before a business name starting with a vowel, as the app does', () => {
    expect(catalogueText('shop', 'va')('gift.more', { business: 'Orxateria La Palmera' })).toBe('Més regals d’Orxateria La Palmera');
    expect(catalogueText('shop', 'va')('gift.more', { business: 'Forn Sant Nicolau' })).toBe('Més regals de Forn Sant Nicolau');
    expect(catalogueText('shop', 'es')('gift.more', { business: 'Orxateria La Palmera' })).toContain('de Orxateria La Palmera');
  });
});
