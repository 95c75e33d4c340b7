import { describe, expect, it } from 'vitest';
import { decodeOrderCursor, encodeOrderCursor } from './order-cursor';

describe('order cursor', () => {
  it('round-trips a position to the microsecond', () => {
    const position = { createdAt: '2026-11-21T10:00:00.123456Z', id: '0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60' };
    expect(decodeOrderCursor(encodeOrderCursor(position))).toEqual(position);
  });

  it.each([
    ['garbage', 'not-ours'],
    ['a bad id', Buffer.from('2026-11-21T10:00:00.000000Z|1 or 1=1').toString('base64url')],
    ['a bad date', Buffer.from('yesterday|0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60').toString('base64url')],
    ['milliseconds only', Buffer.from('2026-11-21T10:00:00.123Z|0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60').toString('base64url')],
    ['an impossible date', Buffer.from('2026-13-41T10:00:00.123456Z|0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60').toString('base64url')],
    ['extra parts', Buffer.from('2026-11-21T10:00:00.000000Z|0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60|x').toString('base64url')],
  ])('refuses %s', (_label, value) => {
    expect(decodeOrderCursor(value)).toBeNull();
  });
});
