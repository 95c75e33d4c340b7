import { describe, expect, it } from 'vitest';
import { CHECKOUT_LIMITS } from '@shared/contracts/checkout';
import { cartStorageKey } from './session';
import {
  GUEST_CART_OWNER,
  addToCart,
  cartTotal,
  clearIfPaid,
  createCartStore,
  duplicateLine,
  emptyCart,
  parseCart,
  removeFromCart,
  serializeCart,
  updateLine,
  type Cart,
  type CartGift,
} from './cart';

const item = (id: string, price: number): CartGift => ({
  gift: { id, name: `Gift ${id}`, price, currency: 'EUR', validityDays: 365, imageUrl: null },
  business: { id: 'b1', name: 'Horchatería' },
});

/** localStorage as the browser has it: shared by every tab (every store made over it). */
class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  get length() {
    return this.data.size;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
}

/** A page (tab) of account `userId` over the browser's storage. */
function pageOf(storage: MemoryStorage | { getItem: () => null; setItem: () => never }, userId: string | null = 'u1', newId = () => 'x', language: () => 'es' | 'en' = () => 'es') {
  const store = createCartStore({ storage: () => storage, newId, language });
  store.bind(userId);
  return store;
}

const carmen = { name: 'Carmen', email: 'carmen@example.test', phone: '', contactId: 'c1' };

describe('cart rules', () => {
  it('adds one line per gift and recipient (the same gift twice is two lines) and removes one by id', () => {
    let cart = addToCart(emptyCart, item('g1', 2500), 'l1', 'es');
    cart = addToCart(cart, item('g1', 2500), 'l2', 'es');
    cart = addToCart(cart, item('g2', 1050), 'l3', 'es');
    expect(cart.lines.map((l) => l.lineId)).toEqual(['l1', 'l2', 'l3']);
    cart = removeFromCart(cart, 'l2');
    expect(cart.lines.map((l) => l.lineId)).toEqual(['l1', 'l3']);
    expect(cartTotal(cart)).toBe(3550);
  });

  it("starts each recipient empty, in the giver's language, delivered right after payment", () => {
    const [line] = addToCart(emptyCart, item('g1', 100), 'l1', 'en').lines;
    expect(line!.recipient).toEqual({ name: '', email: '', phone: '', message: '', locale: 'en', contactId: null });
    expect(line!.delivery).toEqual({ kind: 'now' });
  });

  it('"send a gift" to a contact prefills only the next line, then is used up', () => {
    let cart: Cart = { ...emptyCart, startingFor: carmen };
    cart = addToCart(cart, item('g1', 100), 'l1', 'es');
    cart = addToCart(cart, item('g2', 100), 'l2', 'es');
    expect(cart.startingFor).toBeNull();
    expect(cart.lines[0]!.recipient).toMatchObject({ name: 'Carmen', email: 'carmen@example.test', contactId: 'c1', locale: 'es' });
    expect(cart.lines[1]!.recipient.name).toBe('');
  });

  it('duplicates a line for another person right after it, keeping message, language and delivery', () => {
    let cart = addToCart({ ...emptyCart, startingFor: carmen }, item('g1', 100), 'l1', 'es');
    cart = addToCart(cart, item('g2', 100), 'l2', 'es');
    cart = updateLine(cart, 'l1', {
      recipient: { message: 'Felicidades', locale: 'en' },
      delivery: { kind: 'scheduled', date: '2026-12-24', time: '10:00' },
    });
    cart = duplicateLine(cart, 'l1', 'copy');
    expect(cart.lines.map((l) => l.lineId)).toEqual(['l1', 'copy', 'l2']);
    expect(cart.lines[1]).toMatchObject({
      gift: { id: 'g1' },
      recipient: { name: '', email: '', phone: '', contactId: null, message: 'Felicidades', locale: 'en' },
      delivery: { kind: 'scheduled', date: '2026-12-24', time: '10:00' },
    });
    expect(cart.lines[0]!.recipient.name).toBe('Carmen');
  });

  it(`holds at most ${CHECKOUT_LIMITS.lines} lines (the checkout limit)`, () => {
    let cart = emptyCart;
    for (let i = 0; i < CHECKOUT_LIMITS.lines + 2; i++) cart = addToCart(cart, item(`g${i}`, 100), `l${i}`, 'es');
    expect(cart.lines).toHaveLength(CHECKOUT_LIMITS.lines);
    expect(duplicateLine(cart, 'l0', 'x').lines).toHaveLength(CHECKOUT_LIMITS.lines);
  });

  it('empties only the cart the paid checkout was made from', () => {
    const cart = { ...addToCart(emptyCart, item('g1', 100), 'l1', 'es'), checkoutId: 'ck1' };
    expect(clearIfPaid(cart, 'ck1')).toEqual(emptyCart);
    expect(clearIfPaid(cart, 'other')).toBe(cart);
    // Any change to the lines after the checkout was created: the paid checkout is not this cart.
    expect(updateLine(cart, 'l1', { recipient: { name: 'Ana' } }).checkoutId).toBeNull();
    expect(duplicateLine(cart, 'l1', 'l2').checkoutId).toBeNull();
    expect(removeFromCart(cart, 'l1').checkoutId).toBeNull();
  });
});

describe('parsing a stored cart', () => {
  it('turns missing, broken or foreign values into an empty cart', () => {
    expect(parseCart(null, 'es')).toEqual(emptyCart);
    expect(parseCart('{not json', 'es')).toEqual(emptyCart);
    expect(parseCart('42', 'es')).toEqual(emptyCart);
    expect(parseCart('{"version":3,"lines":[]}', 'es')).toEqual(emptyCart);
    const stored = addToCart(emptyCart, item('g1', 100), 'l1', 'es');
    expect(parseCart(serializeCart(stored), 'es')).toEqual(stored);
  });

  it('drops only the lines that do not parse', () => {
    const good = addToCart(emptyCart, item('g1', 100), 'l1', 'es');
    const raw = JSON.parse(serializeCart(good)) as { lines: unknown[] };
    raw.lines.push({ lineId: 'bad', gift: 1 }, { ...(raw.lines[0] as object), recipient: { locale: 'fr' } });
    expect(parseCart(JSON.stringify(raw), 'es').lines.map((l) => l.lineId)).toEqual(['l1']);
  });

  it('reads the first cart shape: its gifts become lines, its cart-wide recipient is dropped', () => {
    const legacy = {
      items: [{ lineId: 'l1', ...item('g1', 2500) }, { lineId: 'l2', gift: 'junk' }],
      recipient: { contactId: 'c1', name: 'Lucía' },
    };
    const cart = parseCart(JSON.stringify(legacy), 'en');
    expect(cart.startingFor).toBeNull();
    expect(cart.lines).toEqual([
      { lineId: 'l1', ...item('g1', 2500), recipient: { name: '', email: '', phone: '', message: '', locale: 'en', contactId: null }, delivery: { kind: 'now' } },
    ]);
  });
});

describe('cart store', () => {
  it('persists every change under the account\'s regalo.cart key and restores it in a new store (reload)', () => {
    const storage = new MemoryStorage();
    let n = 0;
    const store = pageOf(storage, 'u1', () => `line-${++n}`);
    let notified = 0;
    store.subscribe(() => notified++);
    store.startFor(carmen);
    const first = store.add(item('g1', 2500));
    store.add(item('g2', 4000));
    store.update('line-2', { recipient: { name: 'Pepe', phone: '612345678' } });
    expect(first?.recipient.name).toBe('Carmen');
    expect(notified).toBe(4);

    const reloaded = pageOf(storage, 'u1', () => 'x', () => 'en');
    expect(reloaded.getSnapshot().lines.map((l) => [l.gift.id, l.recipient.name])).toEqual([
      ['g1', 'Carmen'],
      ['g2', 'Pepe'],
    ]);
    expect(JSON.parse(storage.getItem(cartStorageKey('u1'))!).lines).toHaveLength(2);

    reloaded.remove('line-1');
    reloaded.markCheckout('ck');
    const again = pageOf(storage, 'u1', () => 'y');
    expect(again.getSnapshot().lines.map((l) => l.gift.id)).toEqual(['g2']);
    again.clearIfPaid('ck');
    expect(again.getSnapshot()).toEqual(emptyCart);
  });

  it('keeps the checkout attempt under way across a reload, until the lines change, the cart is paid or cleared', () => {
    const storage = new MemoryStorage();
    const store = pageOf(storage, 'u1', () => 'line-1');
    store.add(item('g1', 2500));
    const attempt = { key: 'k'.repeat(32), fingerprint: 'lines-1' };
    store.setAttempt(attempt);
    const reload = () => pageOf(storage, 'u1', () => 'line-2');
    expect(reload().getSnapshot().attempt).toEqual(attempt);

    const changed = reload();
    changed.update('line-1', { recipient: { name: 'Pepe' } });
    expect(reload().getSnapshot().attempt).toBeNull();

    const paid = reload();
    paid.setAttempt(attempt);
    paid.markCheckout('ck');
    paid.clearIfPaid('ck');
    expect(reload().getSnapshot()).toEqual(emptyCart);

    const cleared = reload();
    cleared.add(item('g2', 100));
    cleared.setAttempt(attempt);
    cleared.clear();
    expect(reload().getSnapshot().attempt).toBeNull();
  });

  it('reads a cart stored without an attempt, or with a broken one, as having none', () => {
    const line = addToCart(emptyCart, item('g1', 100), 'l1', 'es').lines[0];
    for (const attempt of [undefined, 'junk', { key: 1 }]) {
      const cart = parseCart(JSON.stringify({ version: 2, lines: [line], startingFor: null, checkoutId: null, attempt }), 'es');
      expect(cart).toMatchObject({ attempt: null, lines: [line] });
    }
  });

  it('keeps working for the page view when storage refuses to write', () => {
    const store = pageOf({ getItem: () => null, setItem: () => { throw new Error('QuotaExceeded'); } }, 'u1', () => 'l1');
    store.add(item('g1', 100));
    expect(store.getSnapshot().lines).toHaveLength(1);
  });

  it('shows every tab of the giver the same cart: a change in one arrives in the other (storage event)', () => {
    const storage = new MemoryStorage();
    let n = 0;
    const first = pageOf(storage, 'u1', () => `line-${++n}`);
    const second = pageOf(storage, 'u1', () => `line-${++n}`);
    let notified = 0;
    second.subscribe(() => notified++);
    first.add(item('g1', 2500));
    // The browser tells the other tab which key changed and its new value.
    second.receiveStorageChange(cartStorageKey('u1'), storage.getItem(cartStorageKey('u1')));
    expect(second.getSnapshot().lines.map((l) => l.gift.id)).toEqual(['g1']);
    expect(notified).toBe(1);
    // A change to another key (another app setting) leaves the cart alone.
    second.receiveStorageChange('i18nextLng', 'en');
    expect(notified).toBe(1);
    // Sign-out in the first tab removes the key: the second tab's cart empties too.
    storage.removeItem(cartStorageKey('u1'));
    second.receiveStorageChange(cartStorageKey('u1'), null);
    expect(second.getSnapshot()).toEqual(emptyCart);
  });

  it('survives a browser restart: a new page of the same account reads the cart back', () => {
    const storage = new MemoryStorage();
    pageOf(storage, 'u1', () => 'l1').add(item('g1', 2500));
    expect(pageOf(storage, 'u1').getSnapshot().lines.map((l) => l.gift.id)).toEqual(['g1']);
  });

  it('never shows one account\'s cart to another signing in on the same browser, and removes it', () => {
    const storage = new MemoryStorage();
    const ana = pageOf(storage, 'ana', () => 'l1');
    ana.startFor(carmen);
    ana.add(item('g1', 2500));
    storage.setItem('i18nextLng', 'es');

    const page = createCartStore({ storage: () => storage, newId: () => 'l2', language: () => 'es' });
    expect(page.snapshotFor('bruno')).toEqual(emptyCart);
    // Ana's recipients are not left behind for the next person on this computer.
    expect(storage.getItem(cartStorageKey('ana'))).toBeNull();
    expect(storage.getItem('i18nextLng')).toBe('es');
    // A storage event about someone else's key does not leak into Bruno's cart.
    page.receiveStorageChange(cartStorageKey('ana'), serializeCart(ana.getSnapshot()));
    expect(page.getSnapshot()).toEqual(emptyCart);

    // The same page, signed out and in as Ana again, finds nothing of Bruno's either.
    page.add(item('g2', 100));
    page.bind(null);
    expect(page.getSnapshot()).toEqual(emptyCart);
    page.bind('ana');
    expect(page.getSnapshot()).toEqual(emptyCart);
  });

  it('gives a visitor without an account a cart of their own, which the account that signs in takes over', () => {
    const storage = new MemoryStorage();
    let n = 0;
    // Ana left a gift in her cart on this browser earlier.
    pageOf(storage, 'ana', () => 'ana-1').add(item('g2', 100));
    const visitor = pageOf(storage, null, () => `guest-${++n}`);
    expect(visitor.getSnapshot()).toEqual(emptyCart);
    visitor.add(item('g1', 2500));
    expect(storage.getItem(cartStorageKey(GUEST_CART_OWNER))).not.toBeNull();
    // A reload as a guest reads it back.
    expect(pageOf(storage, null).getSnapshot().lines.map((l) => l.gift.id)).toEqual(['g1']);

    // Ana signs in: the guest's line comes after hers, and the guest key is gone.
    const signedIn = createCartStore({ storage: () => storage, newId: () => 'x', language: () => 'es' });
    expect(signedIn.snapshotFor('ana').lines.map((l) => l.gift.id)).toEqual(['g2', 'g1']);
    expect(storage.getItem(cartStorageKey(GUEST_CART_OWNER))).toBeNull();
    expect(parseCart(storage.getItem(cartStorageKey('ana')), 'es').lines).toHaveLength(2);

    // Signing out leaves the next visitor an empty guest cart, not Ana's recipients.
    signedIn.bind(null);
    expect(signedIn.getSnapshot()).toEqual(emptyCart);
  });

  it('takes in only as many guest lines as the cart holds', () => {
    const storage = new MemoryStorage();
    let n = 0;
    const ana = pageOf(storage, 'ana', () => `a-${++n}`);
    for (let i = 0; i < CHECKOUT_LIMITS.lines - 1; i++) ana.add(item(`a${i}`, 100));
    const visitor = pageOf(storage, null, () => `g-${++n}`);
    visitor.add(item('g1', 100));
    visitor.add(item('g2', 100));
    const page = createCartStore({ storage: () => storage, newId: () => 'x', language: () => 'es' });
    const lines = page.snapshotFor('ana').lines;
    expect(lines).toHaveLength(CHECKOUT_LIMITS.lines);
    expect(lines.at(-1)?.gift.id).toBe('g1');
  });
});
