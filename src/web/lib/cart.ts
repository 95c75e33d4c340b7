import { z } from 'zod';
import { CHECKOUT_LIMITS, recipientLocales, type DeliveryInput, type RecipientLocale } from '@shared/contracts/checkout';
import { CART_STORAGE_KEY } from './session';

/**
 * The giver's cart. Each line is ONE gift for ONE recipient (DESIGN.md §5: one order per
 * recipient), with that recipient's details and delivery moment, filled in at checkout. No
 * recipient ever covers the whole cart. Kept in sessionStorage so it survives a reload and
 * dies with the tab; sign-out removes the same key. Prices here are only for display: the
 * server reads every price from the database at checkout.
 */
const giftSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  currency: z.string(),
  validityDays: z.number().int(),
  imageUrl: z.string().nullable(),
});

const recipientSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  locale: z.enum(recipientLocales),
  /** The giver's contact these details came from, if any. */
  contactId: z.string().nullable(),
});
export type CartRecipient = z.infer<typeof recipientSchema>;

const deliverySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  z.object({ kind: z.literal('scheduled'), date: z.string(), time: z.string() }),
]) satisfies z.ZodType<DeliveryInput>;

const cartLineSchema = z.object({
  lineId: z.string(),
  gift: giftSchema,
  business: z.object({ id: z.string(), name: z.string() }),
  recipient: recipientSchema,
  delivery: deliverySchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;
export type CartGift = Pick<CartLine, 'gift' | 'business'>;

/** Who the next gift added is for, after "Send a gift" on a contact (shown until used or cancelled). */
const startingForSchema = recipientSchema.pick({ name: true, email: true, phone: true, contactId: true });
export type StartingFor = z.infer<typeof startingForSchema>;

export interface Cart {
  lines: CartLine[];
  startingFor: StartingFor | null;
  /** The checkout created from exactly these lines; any change to the lines forgets it. */
  checkoutId: string | null;
}

export const emptyCart: Cart = { lines: [], startingFor: null, checkoutId: null };

const storedCartSchema = z.object({
  version: z.literal(2),
  lines: z.array(z.unknown()),
  startingFor: startingForSchema.nullable().catch(null),
  checkoutId: z.string().nullable().catch(null),
});

// The first cart (before per-recipient lines): gifts plus one cart-wide recipient, which is
// deliberately dropped — nothing may pretend one person receives every gift.
const legacyCartSchema = z.object({ items: z.array(z.unknown()) });
const legacyItemSchema = z.object({ lineId: z.string(), gift: giftSchema, business: cartLineSchema.shape.business });

export const emptyRecipient = (locale: RecipientLocale): CartRecipient => ({
  name: '',
  email: '',
  phone: '',
  message: '',
  locale,
  contactId: null,
});

/**
 * Whatever is stored (nothing, the old shape, hand-edited junk) becomes a valid cart: lines
 * that do not parse are dropped one by one rather than losing the whole cart.
 */
export function parseCart(raw: string | null, locale: RecipientLocale): Cart {
  if (!raw) return emptyCart;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyCart;
  }
  const current = storedCartSchema.safeParse(data);
  if (current.success) {
    const lines = current.data.lines.flatMap((line) => {
      const parsed = cartLineSchema.safeParse(line);
      return parsed.success ? [parsed.data] : [];
    });
    return { lines, startingFor: current.data.startingFor, checkoutId: current.data.checkoutId };
  }
  const legacy = legacyCartSchema.safeParse(data);
  if (legacy.success) {
    const lines = legacy.data.items.flatMap((item) => {
      const parsed = legacyItemSchema.safeParse(item);
      return parsed.success
        ? [{ ...parsed.data, recipient: emptyRecipient(locale), delivery: { kind: 'now' as const } }]
        : [];
    });
    return { ...emptyCart, lines };
  }
  return emptyCart;
}

export function serializeCart(cart: Cart): string {
  return JSON.stringify({ version: 2, ...cart });
}

/** Adds a line; when a contact was chosen first, the line is for them and the choice is used up. */
export function addToCart(cart: Cart, item: CartGift, lineId: string, locale: RecipientLocale): Cart {
  if (cart.lines.length >= CHECKOUT_LIMITS.lines) return cart;
  const recipient = { ...emptyRecipient(locale), ...cart.startingFor };
  return { lines: [...cart.lines, { ...item, lineId, recipient, delivery: { kind: 'now' } }], startingFor: null, checkoutId: null };
}

export function canAddToCart(cart: Cart): boolean {
  return cart.lines.length < CHECKOUT_LIMITS.lines;
}

export function removeFromCart(cart: Cart, lineId: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.lineId !== lineId), checkoutId: null };
}

/**
 * The same gift for another person: right after the original, with its message, language and
 * delivery kept, and who it is for left empty.
 */
export function duplicateLine(cart: Cart, lineId: string, newLineId: string): Cart {
  const index = cart.lines.findIndex((line) => line.lineId === lineId);
  const source = cart.lines[index];
  if (!source || cart.lines.length >= CHECKOUT_LIMITS.lines) return cart;
  const copy: CartLine = {
    ...source,
    lineId: newLineId,
    recipient: { ...source.recipient, name: '', email: '', phone: '', contactId: null },
  };
  return { ...cart, lines: [...cart.lines.slice(0, index + 1), copy, ...cart.lines.slice(index + 1)], checkoutId: null };
}

export function updateLine(
  cart: Cart,
  lineId: string,
  change: { recipient?: Partial<CartRecipient>; delivery?: DeliveryInput },
): Cart {
  return {
    ...cart,
    checkoutId: null,
    lines: cart.lines.map((line) =>
      line.lineId === lineId
        ? { ...line, recipient: { ...line.recipient, ...change.recipient }, delivery: change.delivery ?? line.delivery }
        : line,
    ),
  };
}

/** Sum of the listed prices in cents (display only; the server computes the real total). */
export function cartTotal(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.gift.price, 0);
}

/**
 * After a payment succeeded: empty the cart only if it still holds exactly the lines that
 * checkout was made from (a cart changed since, or a later visit to an old return page,
 * keeps what it has).
 */
export function clearIfPaid(cart: Cart, checkoutId: string): Cart {
  return cart.checkoutId === checkoutId ? emptyCart : cart;
}

interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CartStoreDeps {
  storage: () => CartStorage | null;
  newId: () => string;
  /** The giver's interface language: each new recipient's language until changed. */
  language: () => RecipientLocale;
}

export function createCartStore({ storage, newId, language }: CartStoreDeps) {
  let cart = parseCart(storage()?.getItem(CART_STORAGE_KEY) ?? null, language());
  const listeners = new Set<() => void>();

  const commit = (next: Cart) => {
    if (next === cart) return;
    cart = next;
    try {
      storage()?.setItem(CART_STORAGE_KEY, serializeCart(next));
    } catch {
      // Storage full or disabled (private mode): the cart still works for this page view.
    }
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => cart,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Returns the new line (null when the cart is full). */
    add(item: CartGift): CartLine | null {
      const lineId = newId();
      commit(addToCart(cart, item, lineId, language()));
      return cart.lines.find((line) => line.lineId === lineId) ?? null;
    },
    remove: (lineId: string) => commit(removeFromCart(cart, lineId)),
    duplicate: (lineId: string) => commit(duplicateLine(cart, lineId, newId())),
    update: (lineId: string, change: Parameters<typeof updateLine>[2]) => commit(updateLine(cart, lineId, change)),
    startFor: (who: StartingFor | null) => commit({ ...cart, startingFor: who }),
    markCheckout: (checkoutId: string) => commit({ ...cart, checkoutId }),
    clearIfPaid: (checkoutId: string) => commit(clearIfPaid(cart, checkoutId)),
    clear: () => commit(emptyCart),
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
