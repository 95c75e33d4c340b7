import { isNotNull } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';

/**
 * The orders a business may see: those that were paid (whatever became of them since). An
 * order nobody paid for is the giver's unfinished purchase; its recipient's phone and
 * private message are none of the business's concern (a payment never made leaves no ghost order, ADR 057).
 */
export const visibleToBusiness = () => isNotNull(orders.paidAt);
