import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { deliverDueGifts } from './deliver-due-gifts';

const START = new Date('2026-11-23T10:00:00.000Z'); // 11:00 in Madrid
const tomorrow = { kind: 'scheduled' as const, date: '2026-11-24', time: '09:30' }; // 08:30 UTC

describe('scheduled gift delivery', () => {
  let t: TestApp;
  let clock = START;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(() => {
    clock = START;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  async function paidCheckout(cookie: string, lines: ReturnType<typeof line>[]) {
    const created = await postCheckout(t, cookie, lines);
    expect(created.statusCode).toBe(201);
    const paid = await as(t, cookie)({ method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
    expect(paid.statusCode).toBe(200);
    return paid.json();
  }

  it('sends each scheduled gift at its moment, in the recipient’s language, and tells the giver', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t, { name: 'Ana García', locale: 'es' });
    await paidCheckout(buyer.cookie, [
      line(tea.id, { recipientName: 'Marta', recipientEmail: 'marta@example.test', recipientLocale: 'en', delivery: tomorrow }),
      line(tea.id, { recipientName: 'Joan', recipientEmail: null, recipientPhone: '+34600111222', delivery: tomorrow }),
    ]);
    const mailCount = async (template: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.template, template))).length;
    expect(await mailCount('gift-received')).toBe(0);

    clock = new Date('2026-11-24T08:29:59.000Z');
    expect(await deliverDueGifts(t.app.ctx)).toBe(0);
    clock = new Date('2026-11-24T08:30:00.000Z');
    expect(await deliverDueGifts(t.app.ctx)).toBe(2);

    const rows = await db().select().from(orders);
    expect(rows.every((o) => o.deliveredAt?.getTime() === clock.getTime())).toBe(true);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'gift-received'));
    // Joan has only a phone: no email, but the gift counts as delivered (the giver shares the link).
    expect(mails.map((m) => [m.to, m.locale])).toEqual([['marta@example.test', 'en']]);
    const marta = rows.find((o) => o.recipientName === 'Marta')!;
    expect(mails[0]!.subject).toBe('Ana sent you a gift: Cata de tés');
    expect(mails[0]!.text).toContain(`http://localhost:3000/g/${marta.qrCode}`);
    const notes = await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'gift-delivered'));
    expect(notes.map((m) => [m.to, m.locale]).sort()).toEqual([[buyer.user.email, 'es'], [buyer.user.email, 'es']]);

    expect(await deliverDueGifts(t.app.ctx)).toBe(0);
    expect(await mailCount('gift-received')).toBe(1);
  });

  it('never sends an unpaid gift', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    expect((await postCheckout(t, buyer.cookie, [line(tea.id, { delivery: tomorrow })])).statusCode).toBe(201);
    clock = new Date('2026-11-25T00:00:00.000Z');
    expect(await deliverDueGifts(t.app.ctx)).toBe(0);
    expect((await db().select().from(orders))[0]!.deliveredAt).toBeNull();
  });

  it('two workers at once send each email exactly once', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const emails: string[] = [];
    for (let c = 0; c < 4; c++) {
      const lines = Array.from({ length: 15 }, (_, i) => {
        const email = `r${c}-${i}@example.test`;
        emails.push(email);
        return line(tea.id, { recipientEmail: email, delivery: tomorrow });
      });
      await paidCheckout(buyer.cookie, lines);
    }
    clock = new Date('2026-11-24T09:00:00.000Z');
    const [a, b] = await Promise.all([deliverDueGifts(t.app.ctx), deliverDueGifts(t.app.ctx)]);
    expect(a + b).toBe(60);
    const sent = (await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'gift-received'))).map((m) => m.to);
    expect(sent.sort()).toEqual(emails.sort());
    const notes = await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'gift-delivered'));
    expect(notes).toHaveLength(60);
  });
});
