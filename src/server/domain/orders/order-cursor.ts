import { sql, type AnyColumn } from 'drizzle-orm';
import { isUuid } from '../../db/query-helpers';

/**
 * Keyset pagination over (created_at desc, id desc): the cursor is the last row's position,
 * so new orders arriving meanwhile never shift or repeat a page. Opaque to the client.
 * `createdAt` is the database's own value as text to the microsecond (a JavaScript Date
 * keeps milliseconds, and rows within one millisecond were skipped: ADR 035).
 */
export interface OrderCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, exactly as PostgreSQL holds it. */
  createdAt: string;
  id: string;
}

const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeOrderCursor(cursor: OrderCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** The position, or null for anything we did not issue. */
export function decodeOrderCursor(value: string): OrderCursor | null {
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !isUuid(id) || !EXACT_TIMESTAMP.test(at)) return null;
  if (Number.isNaN(Date.parse(at))) return null;
  return { createdAt: at, id };
}

/** A row's keyset position: the timestamp as UTC text to the microsecond, for the cursor. */
export const exactTimestamp = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after the cursor in (created_at desc, id desc) order; compared by the database to the microsecond. */
export const afterOrderCursor = (createdAt: AnyColumn, id: AnyColumn, cursor: OrderCursor) =>
  sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
