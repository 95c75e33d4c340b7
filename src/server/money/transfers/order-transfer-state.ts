import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { transfers } from '../../db/schema/payouts';

/**
 * The state of an order's one transfer (ADR 053), as a column of an orders query: the owner's
 * and the admin's orders lists show it. A scalar subquery rather than a join, so the lists'
 * filters and counts stay as they are; `transfers.order_id` is unique and indexed.
 */
export const orderTransferState = sql<string | null>`(select ${transfers.state} from ${transfers} where ${transfers.orderId} = ${orders.id})`;
