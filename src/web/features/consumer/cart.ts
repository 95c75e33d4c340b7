import { z } from 'zod';
import { CART_STORAGE_KEY } from '@web/lib/session';

/**
 * The giver's cart: gifts with their business, plus the contact chosen as the preferred
 * recipient for the coming checkout. Kept in sessionStorage so it survives a reload and
 * dies with the tab; sign-out removes the same key. Prices here are only for display:
 * the server recomputes every total from the database at checkout.
 */
const cartItemSchema = z.object({
  lineId: z.string(),
  gift: z.object({
    id: z.string(),
    name: z.string(),
    price: z.number().int(),
    currency: z.string(),
    validityDays: z.number().int(),
    imageUrl: z.string().nullable(),
  }),
  business: z.object({ id: z.string(), name: z.string() }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

const recipientSchema = z.object({ contactId: z.string(), name: z.string() });
export type CartRecipient = z.infer<typeof recipientSchema>;

const cartSchema = z.object({
  items: z.array(cartItemSchema),
  recipient: recipientSchema.nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

export const emptyCart: Cart = { items: [], recipient: null };

/** Whatever is stored (nothing, old shapes, hand-edited junk) becomes a valid cart. */
export function parseCart(raw: string | null): Cart {
  if (!raw) return emptyCart;
  try {
    const parsed = cartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyCart;
  } catch {
    return emptyCart;
  }
}

export function addToCart(cart: Cart, item: Omit<CartItem, 'lineId'>, lineId: string): Cart {
  return { ...cart, items: [...cart.items, { ...item, lineId }] };
}

export function removeFromCart(cart: Cart, lineId: string): Cart {
  return { ...cart, items: cart.items.filter((i) => i.lineId !== lineId) };
}

export function setRecipient(cart: Cart, recipient: CartRecipient | null): Cart {
  return { ...cart, recipient };
}

/** Sum of the listed prices in cents (display only; the server computes the real total). */
export function cartTotal(cart: Cart): number {
  return cart.items.reduce((sum, item) => sum + item.gift.price, 0);
}

interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function createCartStore(storage: () => CartStorage | null, newId: () => string) {
  let cart = parseCart(storage()?.getItem(CART_STORAGE_KEY) ?? null);
  const listeners = new Set<() => void>();

  const commit = (next: Cart) => {
    cart = next;
    try {
      storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled (private mode): the cart still works for this page view.
    }
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => cart,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (item: Omit<CartItem, 'lineId'>) => commit(addToCart(cart, item, newId())),
    remove: (lineId: string) => commit(removeFromCart(cart, lineId)),
    setRecipient: (recipient: CartRecipient | null) => commit(setRecipient(cart, recipient)),
  };
}
