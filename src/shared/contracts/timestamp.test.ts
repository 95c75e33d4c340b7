import { describe, expect, it } from 'vitest';
import { isIsoTimestamp } from './timestamp';

describe('isIsoTimestamp', () => {
  it.each(['2026-11-21T10:00:00.000Z', '2026-11-21T10:00Z', '2026-03-29T01:59:59.999999+01:00', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z'])(
    'takes %s',
    (value) => expect(isIsoTimestamp(value)).toBe(true),
  );
  it.each([
    '+275760-09-13T00:00:00.000Z',
    '10000-01-01T00:00:00Z',
    '1969-12-31T23:59:59Z',
    '2026-02-29T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T10:00:00',
    '2026-11-21',
    'Tue, 01 Jan 2999 00:00:00 GMT',
    '1',
    '2026-11-21T10:00:00.1234567Z',
  ])('refuses %s', (value) => expect(isIsoTimestamp(value)).toBe(false));
});
