/**
 * How a recipient gets their gift (ADR 103): `send` (the gift email, or the link the giver
 * shares by WhatsApp) or `in_person` (the giver hands over the printed card or the gift page
 * and may still send it later, once).
 */
export const handovers = ['send', 'in_person'] as const;
export type Handover = (typeof handovers)[number];
