import type { LineDeliveryInput } from '@shared/contracts/checkout';
import { CHECKOUT_LIMITS, recipientLocales, type RecipientLocale } from '@shared/contracts/checkout-limits';
import { CART_STORAGE_KEY, cartStorageKey } from './session';

/**
 * The giver's cart. Each line is ONE gift for ONE recipient (one order per recipient,
 * ADR 031), with that recipient's details and delivery moment, filled in at checkout. No
 * recipient ever covers the whole cart. Kept in localStorage under the signed-in giver's id
 * (ADR 066), so it survives a restart and every tab of that giver shows the same cart; another
 * account signing in on the browser reads its own key and the previous one is removed;
 * sign-out removes it. A visitor without an account has a cart too, under the guest key
 * (ADR 075), which the next account to sign in takes over. Prices here are only for display: the server reads every price from
 * the database at checkout.
 */
// The stored cart is read when the app starts, so it is checked by hand rather than with zod
// (ADR 039: no zod on a first load). Each reader returns a fresh object with only the known
// keys, or null, the way a zod object schema would strip and refuse.
type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

export interface CartRecipient {
  name: string;
  email: string;
  phone: string;
  message: string;
  locale: RecipientLocale;
  /** The giver's contact these details came from, if any. */
  contactId: string | null;
}

export interface CartLine {
  lineId: string;
  gift: { id: string; name: string; price: number; currency: string; validityDays: number; imageUrl: string | null };
  business: { id: string; name: string };
  recipient: CartRecipient;
  /** Sent (now or at a moment) or given in person (ADR 103). */
  delivery: LineDeliveryInput;
  /** A gift card's amount as the giver typed or picked it, in euros (ADR 108); absent otherwise. */
  amount?: string;
  /** "Tell me when it is booked", ticked on a gift booked online (ADR 105); absent when not ticked. */
  bookingNotice?: boolean;
}
export type CartGift = Pick<CartLine, 'gift' | 'business'>;

/** Who the next gift added is for, after "Send a gift" on a contact (shown until used or cancelled). */
export type StartingFor = Pick<CartRecipient, 'name' | 'email' | 'phone' | 'contactId'>;

/**
 * A checkout request sent for these lines and not answered yet: its idempotency key, and the
 * lines it was for. Kept with the cart so a reload between "Go to payment" and the answer
 * sends the same key again, and the server returns the checkout it may already have made.
 */
export interface CheckoutAttempt {
  key: string;
  fingerprint: string;
}

function readGift(value: unknown): CartLine['gift'] | null {
  if (!isRecord(value)) return null;
  const { id, name, price, currency, validityDays, imageUrl } = value;
  if (!isString(id) || !isString(name) || !isInteger(price) || !isString(currency)) return null;
  if (!isInteger(validityDays) || !isStringOrNull(imageUrl)) return null;
  return { id, name, price, currency, validityDays, imageUrl };
}

function readBusiness(value: unknown): CartLine['business'] | null {
  if (!isRecord(value) || !isString(value.id) || !isString(value.name)) return null;
  return { id: value.id, name: value.name };
}

function readStartingFor(value: unknown): StartingFor | null {
  if (!isRecord(value)) return null;
  const { name, email, phone, contactId } = value;
  if (!isString(name) || !isString(email) || !isString(phone) || !isStringOrNull(contactId)) return null;
  return { name, email, phone, contactId };
}

function readRecipient(value: unknown): CartRecipient | null {
  const person = readStartingFor(value);
  if (!person || !isRecord(value) || !isString(value.message)) return null;
  const locale = recipientLocales.find((candidate) => candidate === value.locale);
  if (!locale) return null;
  return { name: person.name, email: person.email, phone: person.phone, message: value.message, locale, contactId: person.contactId };
}

function readDelivery(value: unknown): LineDeliveryInput | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'now') return { kind: 'now' };
  if (value.kind === 'in_person') return { kind: 'in_person' };
  if (value.kind === 'scheduled' && isString(value.date) && isString(value.time)) {
    return { kind: 'scheduled', date: value.date, time: value.time };
  }
  return null;
}

function readLine(value: unknown): CartLine | null {
  if (!isRecord(value) || !isString(value.lineId)) return null;
  const gift = readGift(value.gift);
  const business = readBusiness(value.business);
  const recipient = readRecipient(value.recipient);
  const delivery = readDelivery(value.delivery);
  if (!gift || !business || !recipient || !delivery) return null;
  return {
    lineId: value.lineId,
    gift,
    business,
    recipient,
    delivery,
    ...(isString(value.amount) ? { amount: value.amount } : {}),
    ...(value.bookingNotice === true ? { bookingNotice: true } : {}),
  };
}

function readAttempt(value: unknown): CheckoutAttempt | null {
  if (!isRecord(value) || !isString(value.key) || !isString(value.fingerprint)) return null;
  return { key: value.key, fingerprint: value.fingerprint };
}

export interface Cart {
  lines: CartLine[];
  startingFor: StartingFor | null;
  /** The checkout created from exactly these lines; any change to the lines forgets it. */
  checkoutId: string | null;
  /** The checkout request under way for these lines; any change to the lines forgets it. */
  attempt: CheckoutAttempt | null;
}

export const emptyCart: Cart = { lines: [], startingFor: null, checkoutId: null, attempt: null };

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
  if (!isRecord(data)) return emptyCart;
  if (data.version === 2 && Array.isArray(data.lines)) {
    return {
      lines: data.lines.flatMap((line) => readLine(line) ?? []),
      startingFor: readStartingFor(data.startingFor),
      checkoutId: isString(data.checkoutId) ? data.checkoutId : null,
      // Carts stored before attempts were kept have none.
      attempt: readAttempt(data.attempt),
    };
  }
  // The first cart (before per-recipient lines): gifts plus one cart-wide recipient, which is
  // deliberately dropped — nothing may pretend one person receives every gift.
  if (Array.isArray(data.items)) {
    const lines = data.items.flatMap((item): CartLine[] => {
      if (!isRecord(item) || !isString(item.lineId)) return [];
      const gift = readGift(item.gift);
      const business = readBusiness(item.business);
      if (!gift || !business) return [];
      return [{ lineId: item.lineId, gift, business, recipient: emptyRecipient(locale), delivery: { kind: 'now' } }];
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
  return {
    lines: [...cart.lines, { ...item, lineId, recipient, delivery: { kind: 'now' } }],
    startingFor: null,
    checkoutId: null,
    attempt: null,
  };
}

export function canAddToCart(cart: Cart): boolean {
  return cart.lines.length < CHECKOUT_LIMITS.lines;
}

export function removeFromCart(cart: Cart, lineId: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.lineId !== lineId), checkoutId: null, attempt: null };
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
  return {
    ...cart,
    lines: [...cart.lines.slice(0, index + 1), copy, ...cart.lines.slice(index + 1)],
    checkoutId: null,
    attempt: null,
  };
}

export function updateLine(
  cart: Cart,
  lineId: string,
  change: { recipient?: Partial<CartRecipient>; delivery?: LineDeliveryInput; amount?: string; bookingNotice?: boolean },
): Cart {
  return {
    ...cart,
    checkoutId: null,
    attempt: null,
    lines: cart.lines.map((line) =>
      line.lineId === lineId
        ? {
            ...line,
            recipient: { ...line.recipient, ...change.recipient },
            delivery: change.delivery ?? line.delivery,
            ...(change.amount === undefined ? {} : { amount: change.amount }),
            ...(change.bookingNotice === undefined ? {} : { bookingNotice: change.bookingNotice }),
          }
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
  removeItem?(key: string): void;
  readonly length?: number;
  key?(index: number): string | null;
}

export interface CartStoreDeps {
  storage: () => CartStorage | null;
  newId: () => string;
  /** The giver's interface language: each new recipient's language until changed. */
  language: () => RecipientLocale;
}

/**
 * Whose cart a visitor without an account fills (ADR 075: guests buy too). Kept under its own
 * key; whoever signs in next on this browser takes its lines into their own cart.
 */
export const GUEST_CART_OWNER = 'guest';

/** Every stored cart key other than `owner`'s (carts are per account, ADR 066). */
function otherCartKeys(storage: CartStorage, owner: string): string[] {
  if (typeof storage.length !== 'number' || !storage.key) return [];
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && key.startsWith(`${CART_STORAGE_KEY}:`) && key !== cartStorageKey(owner)) keys.push(key);
  }
  return keys;
}

/** The account's cart with the guest's lines after its own, as many as fit. */
function withGuestLines(cart: Cart, guest: Cart): Cart {
  const room = CHECKOUT_LIMITS.lines - cart.lines.length;
  if (guest.lines.length === 0 || room <= 0) return cart;
  return { ...cart, lines: [...cart.lines, ...guest.lines.slice(0, room)], attempt: null, checkoutId: null };
}

export function createCartStore({ storage, newId, language }: CartStoreDeps) {
  let owner: string | undefined;
  let cart = emptyCart;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  /**
   * Makes `userId`'s cart the current one (null: nobody signed in, the guest's cart). A
   * different account's cart is never shown: it lives under another key, and is removed from
   * this browser when someone else signs in here, since it names that giver's recipients.
   * A guest's cart is taken into the account that signs in. Returns whether the owner changed.
   */
  const bindOwner = (userId: string | null): boolean => {
    const next = userId ?? GUEST_CART_OWNER;
    if (next === owner) return false;
    owner = next;
    const store = storage();
    cart = store ? parseCart(safeRead(store, cartStorageKey(next)), language()) : emptyCart;
    if (userId && store) {
      const guest = parseCart(safeRead(store, cartStorageKey(GUEST_CART_OWNER)), language());
      const merged = withGuestLines(cart, guest);
      for (const key of otherCartKeys(store, next)) {
        try {
          store.removeItem?.(key);
        } catch {
          // Blocked storage: nothing was kept there either.
        }
      }
      if (merged !== cart) {
        cart = merged;
        try {
          store.setItem(cartStorageKey(next), serializeCart(merged));
        } catch {
          // Storage full: the merged cart still shows for this page view.
        }
      }
    }
    return true;
  };

  const commit = (next: Cart) => {
    if (next === cart) return;
    cart = next;
    if (owner) {
      try {
        storage()?.setItem(cartStorageKey(owner), serializeCart(next));
      } catch {
        // Storage full or disabled (private mode): the cart still works for this page view.
      }
    }
    notify();
  };

  return {
    getSnapshot: () => cart,
    /**
     * The cart of `userId`, binding the store to that account first if needed. Safe to call
     * while rendering: it reads storage but tells no listener (every reader asks with the same id).
     */
    snapshotFor(userId: string | null) {
      bindOwner(userId);
      return cart;
    },
    /** Binds the store to an account and tells the listeners when that changed the cart. */
    bind(userId: string | null) {
      if (bindOwner(userId)) notify();
    },
    /**
     * Another tab changed storage (the `storage` event): the cart follows when it is this
     * account's key (or when storage was cleared, key null).
     */
    receiveStorageChange(key: string | null, newValue: string | null) {
      if (owner === undefined) return;
      if (key !== null && key !== cartStorageKey(owner)) return;
      const value = key === null ? safeRead(storage(), cartStorageKey(owner)) : newValue;
      cart = parseCart(value, language());
      notify();
    },
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
    setAttempt: (attempt: CheckoutAttempt | null) => commit({ ...cart, attempt }),
    clearIfPaid: (checkoutId: string) => commit(clearIfPaid(cart, checkoutId)),
    clear: () => commit(emptyCart),
  };
}

function safeRead(storage: CartStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export type CartStore = ReturnType<typeof createCartStore>;
