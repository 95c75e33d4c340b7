import { describe, expect, it } from 'vitest';
import { findNul, inspectInput, MAX_NESTING_DEPTH } from './refuse-nul';

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('inspectInput', () => {
  it('names the first NUL in document order, in values and in keys', () => {
    expect(findNul({ a: 'ok', b: ['ok', { c: 'x\u0000' }], d: '\u0000' })).toBe('b.1.c');
    expect(findNul({ a: { 'k\u0000': 'v' } })).toBe('a.k\u0000');
    expect(findNul('\u0000')).toBe('body');
    expect(findNul({ a: ['fine', 1, null, true] })).toBeNull();
  });

  it(`takes ${MAX_NESTING_DEPTH} levels of nesting and refuses one more`, () => {
    expect(inspectInput(nested(MAX_NESTING_DEPTH))).toBeNull();
    expect(inspectInput(nested(MAX_NESTING_DEPTH + 1))).toEqual({ tooDeep: true });
    expect(inspectInput({ a: nested(MAX_NESTING_DEPTH) })).toEqual({ tooDeep: true });
  });

  it('walks without the call stack: a million levels throw nothing', () => {
    expect(inspectInput(nested(1_000_000), Number.POSITIVE_INFINITY)).toBeNull();
    expect(inspectInput(nested(1_000_000))).toEqual({ tooDeep: true });
  });
});
