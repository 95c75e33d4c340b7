import { isUuid } from '../../../db/query-helpers';

/**
 * Keyset pagination over (created_at desc, id desc): the cursor is the last row's position,
 * so new orders arriving meanwhile never shift or repeat a page. Opaque to the client.
 */
export interface OrderCursor {
  createdAt: Date;
  id: string;
}

export function encodeOrderCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** The position, or null for anything we did not issue. */
export function decodeOrderCursor(value: string): OrderCursor | null {
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !isUuid(id)) return null;
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return null;
  return { createdAt, id };
}
