import { describe, expect, it } from 'vitest';
import { checkoutLineInputSchema } from '@shared/contracts/checkout';
import { addToCart, emptyCart, updateLine, type CartGift } from '@web/lib/cart';
import { createAttemptKeys, memorySlot } from './attempt-key';
import { lineErrorsFromProblem, toLineInput, validateLines } from './line-errors';
import { POLL_MAX_MS, pollDelay } from './poll-delay';

const gift = (id: string): CartGift => ({
  gift: { id, name: id, price: 950, currency: 'EUR', validityDays: 180, imageUrl: null },
  business: { id: 'b', name: 'B' },
});
const now = new Date('2026-11-23T12:00:00Z');

describe('line validation', () => {
  it('asks for a name and an email or phone, format-checks both and limits the message', () => {
    let cart = addToCart(emptyCart, gift('g1'), 'a', 'es');
    cart = addToCart(cart, gift('g1'), 'b', 'es');
    cart = addToCart(cart, gift('g2'), 'c', 'es');
    cart = updateLine(cart, 'b', { recipient: { name: 'Ana', email: 'no-es-correo', phone: '12' } });
    cart = updateLine(cart, 'c', { recipient: { name: ' Pepe ', phone: '+34 612 345 678', message: 'x'.repeat(501) } });
    expect(validateLines(cart.lines, now, checkoutLineInputSchema)).toEqual({
      a: { recipientName: 'required', recipientEmail: 'contact_required' },
      b: { recipientEmail: 'invalid_email', recipientPhone: 'invalid_phone' },
      c: { personalMessage: 'too_long' },
    });
  });

  it('checks the delivery moment in Madrid time', () => {
    let cart = addToCart(emptyCart, gift('g1'), 'a', 'es');
    cart = updateLine(cart, 'a', {
      recipient: { name: 'Ana', email: 'ana@example.test' },
      delivery: { kind: 'scheduled', date: '2026-11-23', time: '12:00' },
    });
    expect(validateLines(cart.lines, now, checkoutLineInputSchema)).toEqual({ a: { delivery: 'delivery_in_past' } });
    cart = updateLine(cart, 'a', { delivery: { kind: 'scheduled', date: '2026-11-24', time: '09:00' } });
    expect(validateLines(cart.lines, now, checkoutLineInputSchema)).toEqual({});
    expect(toLineInput(cart.lines[0]!)).toMatchObject({ giftId: 'g1', recipientLocale: 'es', contactId: null, delivery: { kind: 'scheduled' } });
  });

  it('given in person (ADR 103): no name or contact needed, and a contact typed before the switch is kept in the cart but not sent', () => {
    let cart = addToCart(emptyCart, gift('g1'), 'a', 'va');
    cart = updateLine(cart, 'a', { recipient: { email: 'no-es-correo', phone: '+34 612 345 678' }, delivery: { kind: 'in_person' } });
    expect(validateLines(cart.lines, now, checkoutLineInputSchema)).toEqual({});
    expect(toLineInput(cart.lines[0]!)).toMatchObject({ recipientName: '', recipientEmail: null, recipientPhone: null, delivery: { kind: 'in_person' } });
    // Switching back to sending finds what was typed, and checks it again.
    cart = updateLine(cart, 'a', { delivery: { kind: 'now' } });
    expect(cart.lines[0]!.recipient).toMatchObject({ email: 'no-es-correo', phone: '+34 612 345 678' });
    expect(validateLines(cart.lines, now, checkoutLineInputSchema)).toEqual({ a: { recipientName: 'required', recipientEmail: 'invalid_email' } });
  });

  it("maps the server's `lines.<i>.<field>` answers back onto the lines that were sent", () => {
    const mapped = lineErrorsFromProblem(
      {
        'lines.0.recipientEmail': 'invalid_email',
        'lines.1.giftId': 'gift_unavailable',
        'lines.1.delivery.date': 'delivery_in_past',
        'lines.7.recipientName': 'required',
        idempotencyKey: 'invalid',
      },
      ['a', 'b'],
    );
    expect(mapped).toEqual({
      lines: { a: { recipientEmail: 'invalid_email' }, b: { giftId: 'gift_unavailable', delivery: 'delivery_in_past' } },
      other: ['required', 'invalid'],
    });
  });
});

describe('idempotency key of a checkout attempt', () => {
  it('is reused for the same cart until the server answers with a checkout', () => {
    let n = 0;
    const keys = createAttemptKeys(memorySlot(), () => `key-${++n}`);
    expect(keys.keyFor('cart-1')).toBe('key-1');
    expect(keys.keyFor('cart-1')).toBe('key-1'); // double click / retry after a network error
    expect(keys.keyFor('cart-2')).toBe('key-2'); // the cart changed: a new attempt
    keys.finish();
    expect(keys.keyFor('cart-2')).toBe('key-3'); // trying again after a failed payment
  });

  it('keeps the attempt in its slot, so a reloaded page (new keys, same slot) sends the same key', () => {
    let n = 0;
    const slot = memorySlot();
    const beforeReload = createAttemptKeys(slot, () => `key-${++n}`);
    expect(beforeReload.keyFor('cart-1')).toBe('key-1');
    expect(slot.get()).toEqual({ key: 'key-1', fingerprint: 'cart-1' });
    const afterReload = createAttemptKeys(slot, () => `key-${++n}`);
    expect(afterReload.keyFor('cart-1')).toBe('key-1');
    expect(afterReload.keyFor('cart-2')).toBe('key-2');
    afterReload.finish();
    expect(slot.get()).toBeNull();
  });

  it('makes keys the contract accepts', () => {
    const key = createAttemptKeys().keyFor('x');
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
  });
});

describe('polling back-off', () => {
  it('starts at a second and doubles up to ten seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(pollDelay)).toEqual([1000, 2000, 4000, 8000, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS]);
  });
});
