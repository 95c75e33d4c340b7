import { describe, expect, it } from 'vitest';
import { al, de, del, el } from './layout-texts';

describe('Valencian apostrophes in the mails', () => {
  it('apostrophises "de" before a vowel or a silent h, not before a consonant', () => {
    expect(de('abril del 2027')).toBe('d’abril del 2027');
    expect(de('Horchatería Daniel')).toBe('d’Horchatería Daniel');
    expect(de('octubre del 2027')).toBe('d’octubre del 2027');
    expect(de('gener del 2027')).toBe('de gener del 2027');
    expect(de('Casa Carmela')).toBe('de Casa Carmela');
  });

  it('writes the article of a date as its day is said: l’1, l’11, el 23', () => {
    expect(el('11 de des. 2026')).toBe('l’11 de des. 2026');
    expect(el('1 de gen. 2027')).toBe('l’1 de gen. 2027');
    expect(el('23 de nov. 2027')).toBe('el 23 de nov. 2027');
    expect(el('10 de nov. 2027')).toBe('el 10 de nov. 2027');
    expect(al('11 de des. 2026')).toBe('a l’11 de des. 2026');
    expect(al('23 de nov. 2027')).toBe('al 23 de nov. 2027');
    expect(del('1 de gen. 2027')).toBe('de l’1 de gen. 2027');
    expect(del('25 d’oct. 2026')).toBe('del 25 d’oct. 2026');
  });
});
