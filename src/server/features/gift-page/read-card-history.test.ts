import { describe, expect, it } from 'vitest';
import { cardHistoryFrom, type CardMovement } from './read-card-history';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute));
const m = (id: string, kind: string, amount: number, minute: number, reverses: string | null = null): CardMovement => ({ id, kind, amount, reversesMovementId: reverses, createdAt: at(minute) });

describe('a gift card’s history for its holder', () => {
  it('lists every use with the balance after it; an undone use stays, marked, its amount back', () => {
    const history = cardHistoryFrom([
      m('i', 'issued', 5000, 0),
      m('r1', 'redeemed', 1840, 1),
      m('u2', 'redemption_undone', 1000, 2, 'r2'),
      m('r2', 'redeemed', 1000, 2),
      m('r3', 'redeemed', 500, 4),
    ]);
    expect(history).toEqual({
      amountCents: 5000,
      balanceCents: 2660,
      uses: [
        { at: at(1), amountCents: 1840, balanceAfterCents: 3160, undone: false },
        { at: at(2), amountCents: 1000, balanceAfterCents: 2160, undone: true },
        { at: at(4), amountCents: 500, balanceAfterCents: 2660, undone: false },
      ],
    });
  });

  it('tolerates a kind it does not know', () => {
    expect(cardHistoryFrom([m('i', 'issued', 5000, 0), m('x', 'some_future_kind', 100, 1)]).balanceCents).toBe(5000);
  });
});
