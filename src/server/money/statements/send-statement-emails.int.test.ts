import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { statementEmails } from '../../db/schema/statements';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendStatementEmails } from './send-statement-emails';

describe('monthly statement emails', () => {
  let t: TestApp;
  // 1 November 2026, 00:30 in Madrid (winter time): October has just ended there.
  let now = new Date('2026-10-31T23:30:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  async function owner(locale: 'en' | 'es', withSale: boolean) {
    const user = await createUser(t.database.db, { userType: 'business', locale });
    const business = await createBusiness(t.database.db, { ownerId: user.id, commissionRate: 10, name: `Shop ${locale} ${withSale}`, createdAt: new Date('2026-09-01T10:00:00Z') });
    if (withSale) {
      const gift = await createGift(t.database.db, { businessId: business.id, price: 2500 });
      await createOrder(t.database.db, { buyerId: (await createUser(t.database.db)).id, giftId: gift.id, status: 'paid', createdAt: new Date('2026-10-10T10:00:00Z'), paidAt: new Date('2026-10-10T10:01:00Z') });
    }
    return { user, business };
  }
  const mailTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it("mails last month's statement once per business, in the owner's language, even with two runs at once", async () => {
    const spanish = await owner('es', true);
    const english = await owner('en', true);
    const quiet = await owner('es', false);

    // Two servers' jobs at the same moment: the claim row lets one of them send each email.
    await Promise.all([sendStatementEmails({ ...t.app.ctx, now: () => now }), sendStatementEmails({ ...t.app.ctx, now: () => now })]);
    const [es] = await mailTo(spanish.user.email);
    expect(await mailTo(spanish.user.email)).toHaveLength(1);
    expect(es).toMatchObject({ template: 'monthly-statement', locale: 'es', subject: 'Tu extracto de Regalo de octubre de 2026: Shop es true' });
    // 10 % of 25,00 € and its IVA leave 21,97 € for the business.
    expect(es!.text).toMatch(/Saldo final \(lo que Regalo guarda para ti\): 21,97\s€/);
    expect(es!.text).toContain('/business/dashboard?tab=payouts');
    const en = await mailTo(english.user.email);
    expect(en).toHaveLength(1);
    expect(en[0]!.subject).toBe('Your Regalo statement for October 2026: Shop en true');
    // Nothing moved and nothing is held: no email, but the month is done for it.
    expect(await mailTo(quiet.user.email)).toHaveLength(0);
    const claims = await t.database.db.select().from(statementEmails).where(eq(statementEmails.businessId, quiet.business.id));
    expect(claims.map((c) => c.month)).toEqual(['2026-10']);

    // Later in November the job runs again: nothing new.
    now = new Date('2026-11-20T10:00:00Z');
    await sendStatementEmails({ ...t.app.ctx, now: () => now });
    expect(await mailTo(spanish.user.email)).toHaveLength(1);
    // A new month: November's statement, and only November's (no catching up of older months).
    now = new Date('2026-12-01T08:00:00Z');
    await sendStatementEmails({ ...t.app.ctx, now: () => now });
    const december = await mailTo(spanish.user.email);
    expect(december).toHaveLength(2);
    expect(december.map((m) => m.subject)).toContain('Tu extracto de Regalo de noviembre de 2026: Shop es true');
    const months = await t.database.db.select({ month: statementEmails.month }).from(statementEmails).where(eq(statementEmails.businessId, spanish.business.id));
    expect(months.map((m) => m.month).sort()).toEqual(['2026-10', '2026-11']);
  });
});
