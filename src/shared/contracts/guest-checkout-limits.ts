// The guest's field limits without zod: the checkout page checks them before sending (ADR 039).
export const GUEST_LIMITS = { name: 100, email: 254 } as const;
