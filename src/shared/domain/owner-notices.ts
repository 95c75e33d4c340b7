/**
 * What a business owner is told about their gifts' orders (ADR 065): a gift sold,
 * cancelled by the platform team (the giver refunded), or withdrawn by its giver within the
 * withdrawal period (refunded); and a gift's booking made, moved or cancelled by its recipient
 * (ADR 105). Shared by the server (CHECK constraint, mails) and the web app.
 */
export const ownerBookingEventKinds = ['booked', 'booking_moved', 'booking_cancelled'] as const;
export const ownerOrderEventKinds = ['sold', 'cancelled', 'withdrawn', ...ownerBookingEventKinds] as const;
export type OwnerOrderEventKind = (typeof ownerOrderEventKinds)[number];
export type OwnerBookingEventKind = (typeof ownerBookingEventKinds)[number];
export const isBookingEventKind = (kind: OwnerOrderEventKind): kind is OwnerBookingEventKind => (ownerBookingEventKinds as readonly string[]).includes(kind);
