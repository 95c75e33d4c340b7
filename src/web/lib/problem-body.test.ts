import { describe, expect, it } from 'vitest';
import { problemSchema } from '@shared/problem';
import { asProblem } from './problem-body';

const valid = { type: 'about:blank', title: 'Bad', status: 400, code: 'validation_failed' };

const cases: [string, unknown][] = [
  ['the minimal problem', valid],
  ['with detail and fields', { ...valid, detail: 'Nope', fields: { email: 'invalid' } }],
  ['unknown keys dropped', { ...valid, extra: 1 }],
  ['null', null],
  ['an array', [valid]],
  ['a string', 'error'],
  ['no code', { type: 'a', title: 'b', status: 400 }],
  ['status as text', { ...valid, status: '400' }],
  ['fractional status', { ...valid, status: 400.5 }],
  ['detail not text', { ...valid, detail: 3 }],
  ['fields not a record of text', { ...valid, fields: { email: 1 } }],
  ['fields an array', { ...valid, fields: ['x'] }],
  ['fields null', { ...valid, fields: null }],
  ['a card balance (ADR 104)', { ...valid, availableCents: 1200 }],
  ['a card balance not whole', { ...valid, availableCents: 12.5 }],
];

describe('asProblem', () => {
  it.each(cases)('agrees with problemSchema: %s', (_name, data) => {
    const parsed = problemSchema.safeParse(data);
    expect(asProblem(data)).toEqual(parsed.success ? parsed.data : null);
  });
});
