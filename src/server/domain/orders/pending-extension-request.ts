import { and, isNotNull, isNull } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';

/**
 * A recipient asked for more time and the owner has not answered yet (ADR 064): what the
 * dashboard counts on its Orders tab and the list's "extension requested" filter finds.
 */
export const pendingExtensionRequest = () => and(isNotNull(orders.extensionRequestedAt), isNull(orders.extensionDecision));
