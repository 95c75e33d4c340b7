import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@web/lib/session';
import { addToCart, cartTotal, createCartStore, emptyCart, parseCart, removeFromCart } from './cart';

const item = (id: string, price: number) => ({
  gift: { id, name: `Gift ${id}`, price, currency: 'EUR', validityDays: 365, imageUrl: null },
  business: { id: 'b1', name: 'Horchatería' },
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('cart rules', () => {
  it('adds lines (the same gift twice is two lines) and removes one by line id', () => {
    let cart = addToCart(emptyCart, item('g1', 2500), 'l1');
    cart = addToCart(cart, item('g1', 2500), 'l2');
    cart = addToCart(cart, item('g2', 1050), 'l3');
    expect(cart.items.map((i) => i.lineId)).toEqual(['l1', 'l2', 'l3']);
    cart = removeFromCart(cart, 'l2');
    expect(cart.items.map((i) => i.lineId)).toEqual(['l1', 'l3']);
    expect(cartTotal(cart)).toBe(3550);
  });

  it('turns missing, broken or foreign stored values into an empty cart', () => {
    expect(parseCart(null)).toEqual(emptyCart);
    expect(parseCart('{not json')).toEqual(emptyCart);
    expect(parseCart('{"items":[{"gift":1}],"recipient":null}')).toEqual(emptyCart);
    const stored = addToCart(emptyCart, item('g1', 100), 'l1');
    expect(parseCart(JSON.stringify(stored))).toEqual(stored);
  });
});

describe('cart store', () => {
  it('persists every change under regalo.cart and restores it in a new store (reload)', () => {
    const storage = new MemoryStorage();
    let n = 0;
    const store = createCartStore(() => storage, () => `line-${++n}`);
    let notified = 0;
    store.subscribe(() => notified++);
    store.add(item('g1', 2500));
    store.add(item('g2', 4000));
    store.setRecipient({ contactId: 'c1', name: 'Lucía' });
    expect(notified).toBe(3);

    const reloaded = createCartStore(() => storage, () => 'x');
    expect(reloaded.getSnapshot().items.map((i) => i.gift.id)).toEqual(['g1', 'g2']);
    expect(reloaded.getSnapshot().recipient).toEqual({ contactId: 'c1', name: 'Lucía' });
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!).items).toHaveLength(2);

    reloaded.remove('line-1');
    expect(createCartStore(() => storage, () => 'y').getSnapshot().items.map((i) => i.gift.id)).toEqual(['g2']);
  });
});
