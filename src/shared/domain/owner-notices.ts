/**
 * What a business owner is told about their gifts' orders (ADR 065): a gift sold,
 * cancelled by the platform team (the giver refunded), or withdrawn by its giver within the
 * withdrawal period (refunded). Shared by the server (CHECK constraint, mails) and the web app.
 */
export const ownerOrderEventKinds = ['sold', 'cancelled', 'withdrawn'] as const;
export type OwnerOrderEventKind = (typeof ownerOrderEventKinds)[number];
