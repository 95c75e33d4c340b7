import { useSyncExternalStore } from 'react';
import { createCartStore } from './cart';

const cartStore = createCartStore(
  () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  () => crypto.randomUUID(),
);

/** The cart of this tab, shared by the header badge, the listings and the cart bar. */
export function useCart() {
  const cart = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getSnapshot);
  return {
    cart,
    add: cartStore.add,
    remove: cartStore.remove,
    setRecipient: cartStore.setRecipient,
  };
}
