import { useSyncExternalStore } from 'react';
import { createCartStore } from './cart';
import { getLanguage } from './language';

/** The tab's one cart store; components use useCart(), tests drive it directly. */
export const cartStore = createCartStore({
  storage: () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  newId: () => crypto.randomUUID(),
  language: getLanguage,
});

/** The checkout request under way for the cart's lines, kept with the cart (checkout's idempotency key). */
export const cartAttemptSlot = {
  get: () => cartStore.getSnapshot().attempt,
  set: cartStore.setAttempt,
};

/** The cart of this tab, shared by the header badge, the listings, the cart bar and checkout. */
export function useCart() {
  const cart = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getSnapshot);
  return {
    cart,
    add: cartStore.add,
    remove: cartStore.remove,
    duplicate: cartStore.duplicate,
    update: cartStore.update,
    startFor: cartStore.startFor,
    markCheckout: cartStore.markCheckout,
    clearIfPaid: cartStore.clearIfPaid,
  };
}
