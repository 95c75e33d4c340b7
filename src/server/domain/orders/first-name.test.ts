import { describe, expect, it } from 'vitest';
import { firstName } from './first-name';

describe('firstName', () => {
  it.each([
    ['Ana María García', 'Ana'],
    ['  Jordi   Pastor ', 'Jordi'],
    ['Carmen\tSoler', 'Carmen'],
    ['Lucía', 'Lucía'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });
});
