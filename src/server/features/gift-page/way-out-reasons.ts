/**
 * What a stuck gift's row keeps of how its recipient closed it (ADR 109), as its cancel
 * reason: the admin's order list shows it, and the gift page reads the refund's back.
 */
export const EXCHANGE_CANCEL_REASON = 'Exchanged by its recipient: no time to book (ADR 109)';
export const WAY_OUT_REFUND_REASON = 'Money given back to the giver by its recipient: no time to book (ADR 109)';
