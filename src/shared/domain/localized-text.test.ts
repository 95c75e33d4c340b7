import { describe, expect, it } from 'vitest';
import { pickLocalizedText } from './localized-text';

describe('pickLocalizedText', () => {
  const name = 'Merienda de horchata';
  const translations = { en: 'Horchata afternoon snack', va: 'Berenar d’orxata' };

  it('gives a reader the text the business wrote in their language', () => {
    expect(pickLocalizedText(name, translations, 'en', 'es')).toBe('Horchata afternoon snack');
    expect(pickLocalizedText(name, translations, 'va', 'es')).toBe('Berenar d’orxata');
  });

  it('falls back to the business\'s own text when it wrote none in the reader\'s language', () => {
    expect(pickLocalizedText(name, { va: 'Berenar d’orxata' }, 'en', 'es')).toBe(name);
    expect(pickLocalizedText(name, {}, 'en', 'es')).toBe(name);
    expect(pickLocalizedText(name, null, 'va', 'es')).toBe(name);
    expect(pickLocalizedText(name, { en: '   ' }, 'en', 'es')).toBe(name);
  });

  it('shows the own text in the business\'s own language, whatever translations are stored', () => {
    expect(pickLocalizedText(name, { es: 'Otra cosa', en: 'Snack' }, 'es', 'es')).toBe(name);
    expect(pickLocalizedText('Horchata snack', { es: 'Merienda', en: 'Other' }, 'en', 'en')).toBe('Horchata snack');
    expect(pickLocalizedText('Horchata snack', { es: 'Merienda' }, 'es', 'en')).toBe('Merienda');
  });

  it('takes the home language (Spanish) as the own language when none is given', () => {
    expect(pickLocalizedText(name, { es: 'Otra', en: 'Snack' }, 'es')).toBe(name);
    expect(pickLocalizedText(name, { en: 'Snack' }, 'en')).toBe('Snack');
  });

  it('keeps an empty own description empty unless the reader\'s language has one', () => {
    expect(pickLocalizedText(null, {}, 'en', 'es')).toBeNull();
    expect(pickLocalizedText(null, { en: 'Two glasses' }, 'en', 'es')).toBe('Two glasses');
  });
});
