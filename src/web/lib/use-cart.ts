import { useCallback, useSyncExternalStore } from 'react';
import { createCartStore } from './cart';
import { getLanguage } from './language';
import { browserStorage, useSession } from './session';

/** The page's one cart store; components use useCart(), tests drive it directly. */
export const cartStore = createCartStore({
  storage: () => browserStorage('localStorage'),
  newId: () => crypto.randomUUID(),
  language: getLanguage,
});

// Every tab of the giver shows the same cart: another tab's change arrives as a storage event.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea === browserStorage('localStorage')) cartStore.receiveStorageChange(event.key, event.newValue);
  });
}

/** The checkout request under way for the cart's lines, kept with the cart (checkout's idempotency key). */
export const cartAttemptSlot = {
  get: () => cartStore.getSnapshot().attempt,
  set: cartStore.setAttempt,
};

/** The signed-in giver's cart, shared by the header badge, the listings, the cart bar and checkout. */
export function useCart() {
  const { status, user } = useSession();
  // While the session is first read nobody is known yet: keep whatever cart is bound.
  const userId = status === 'loading' ? undefined : (user?.id ?? null);
  const snapshot = useCallback(
    () => (userId === undefined ? cartStore.getSnapshot() : cartStore.snapshotFor(userId)),
    [userId],
  );
  const cart = useSyncExternalStore(cartStore.subscribe, snapshot, snapshot);
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
