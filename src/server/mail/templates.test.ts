import { bookingTemplates } from './booking-templates';
import { cardTemplates } from './card-templates';
import { describe, expect, it } from 'vitest';
import { invoiceTemplates } from './invoice-templates';
import { orderTemplates } from './order-templates';
import { reportTemplates } from './report-templates';
import { statementTemplates } from './statement-templates';
import { templates, type MailTemplateName } from './templates';
import { withdrawalTemplates } from './withdrawal-templates';

const url = 'https://regalo.example/api/auth/verify-email?token=a&callbackURL=%2Fapp';
const sample = {
  name: 'Ana <script>',
  url,
  signInUrl: 'https://regalo.example/auth',
  // The platform team's emails (admin-templates.ts) name their links differently.
  dashboardUrl: url,
  giftUrl: url,
  recipientName: 'Ana <script>',
  businessName: 'Horchatería',
  commission: '12 %',
  // The approval's launch checklist (domain/businesses/read-launch-checklist).
  launch: {
    steps: [
      { key: 'commission', done: true, url: 'https://regalo.example/business/dashboard?tab=verification' },
      { key: 'payouts', done: false, url: 'https://regalo.example/business/dashboard?tab=payouts' },
      { key: 'invoicing', done: false, url: 'https://regalo.example/business/dashboard?tab=profile' },
      { key: 'firstGift', done: false, url: 'https://regalo.example/business/dashboard?tab=gifts' },
    ],
    isLive: false,
  },
  reason: 'The licence is unreadable',
  giftName: 'Horchata',
  expiresOn: '31 dic 2027',
  // The expiry reminders' fields.
  giverName: 'Ana <script>',
  senderName: 'Lucía',
  expiryDate: '21 nov 2027',
  ordersUrl: url,
  // The owner's emails (owner-templates.ts).
  proposedCommission: '12,5 %',
  current: '10 %',
  proposed: '12,5 %',
  changes: 'el nombre',
  supportEmail: 'ayuda@regalo.example',
  day: '25 oct 2026',
  event: { kind: 'sold', giftName: 'Horchata <b>', price: '25,00 €', at: '27 nov 2026, 11:00' },
  events: [
    { kind: 'sold', giftName: 'Horchata <b>', price: '25,00 €', at: '00:30' },
    { kind: 'withdrawn', giftName: 'Fartons', price: '8,00 €', at: '23:30' },
  ],
};

const UNPROVEN = new Set<MailTemplateName>(['verify-email', 'reset-password', 'business-confirmation']);

describe('mail templates', () => {
  // Order, report, statement, invoice, withdrawal and card emails take other data; their own tests cover them.
  const accountMails = (Object.keys(templates) as MailTemplateName[]).filter(
    (n) =>
      !(n in orderTemplates) &&
      !(n in reportTemplates) &&
      !(n in statementTemplates) &&
      !(n in invoiceTemplates) &&
      !(n in withdrawalTemplates) &&
      !(n in cardTemplates) &&
      !(n in bookingTemplates),
  );
  for (const name of accountMails) {
    for (const locale of ['en', 'es'] as const) {
      it(`${name} (${locale}) has a subject, the link in text and html, and escapes data`, () => {
        const mail = templates[name](sample as never, locale);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        const link = name === 'account-exists' ? sample.signInUrl : sample.url;
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
        expect(mail.html).not.toContain('<script>');
        // Mails to an unproven address carry no requester text at all (the test below).
        if (!UNPROVEN.has(name)) expect(mail.html).toContain('Ana &lt;script&gt;');
      });
    }
  }

  it('speaks the recipient’s language', () => {
    expect(templates['verify-email']({ url: 'x' }, 'es').text).toContain('Hola:');
    expect(templates['verify-email']({ url: 'x' }, 'en').text).toContain('Hello,');
    expect(templates['account-exists']({ name: 'A', signInUrl: 'x' }, 'es').text).toContain('Hola, A:');
  });

  // These go to addresses nobody has proven; a requester's text must not reach them (ADR 054).
  it('repeats nothing the requester typed in mails to an unproven address', () => {
    for (const name of ['verify-email', 'reset-password', 'business-confirmation'] as const) {
      for (const locale of ['en', 'es'] as const) {
        const mail = templates[name]({ ...sample, url: 'https://regalo.example/x' } as never, locale);
        expect(mail.text, name).not.toContain('Ana');
        expect(mail.html, name).not.toContain('Ana');
      }
    }
  });
});

describe('expiry reminders', () => {
  const data = { recipientName: 'Carmen', senderName: 'Lucía', giftName: 'Horchata para dos', businessName: 'Horchatería', expiryDate: '21 nov 2027', giftUrl: 'https://regalo.example/g/abc', balance: null };
  it('tell the recipient, in their language, what, where and until when', () => {
    const es = templates['gift-expiry-reminder'](data, 'es');
    expect(es.subject).toBe('Tu regalo caduca el 21 nov 2027: Horchata para dos');
    expect(es.text).toContain('Lucía te regaló «Horchata para dos» en Horchatería');
    const en = templates['gift-expiry-reminder']({ ...data, senderName: null }, 'en');
    expect(en.text).toContain('You were given "Horchata para dos" at Horchatería');
    expect(en.text).toContain('https://regalo.example/g/abc');
  });
  it('tell the giver who has not used it yet', () => {
    const es = templates['gift-expiry-reminder-giver']({ ...data, giverName: 'Lucía', ordersUrl: 'https://regalo.example/app?tab=orders' }, 'es');
    expect(es.subject).toBe('El regalo para Carmen caduca el 21 nov 2027');
    expect(es.text).toContain('https://regalo.example/app?tab=orders');
  });

  it("lists an owner's day in one summary, each event with its Madrid time, in their language", () => {
    const data = { ...sample, name: 'Olga' } as never;
    const es = templates['owner-daily-summary'](data, 'es');
    expect(es.subject).toBe('Resumen del 25 oct 2026 · Horchatería');
    expect(es.text).toContain('00:30 · Vendido: «Horchata <b>» (25,00 €).');
    expect(es.text).toContain('23:30 · Desistimiento: quien compró «Fartons» (8,00 €) ha desistido');
    expect(es.html).toContain('Horchata &lt;b&gt;');
    const en = templates['owner-daily-summary'](data, 'en');
    expect(en.subject).toBe('Summary for 25 oct 2026 · Horchatería');
    expect(en.text).toContain('00:30 · Sold: "Horchata <b>" (25,00 €).');
    expect(templates['business-approved']({ ...sample, proposedCommission: null } as never, 'es').text).not.toContain('propone');
  });

  it('lists the steps left in the approval email, and says "on sale" only for a business that is', () => {
    const en = templates['business-approved'](sample as never, 'en');
    expect(en.text).toContain('Your gifts go on sale once these steps are done:\n\n1. Accept the commission: done\n\n2. Connect your payout account: https://regalo.example/business/dashboard?tab=payouts');
    expect(en.text).toContain('4. Create your first gift: https://regalo.example/business/dashboard?tab=gifts');
    expect(en.text).toContain('Until then your business does not appear on Regalo.');
    expect(en.text).not.toMatch(/listed|are on sale/);
    const live = templates['business-approved']({ ...sample, launch: { ...sample.launch, isLive: true } } as never, 'va');
    expect(live.text).toContain('Els teus regals estan a la venda a Regalo.');
    expect(live.text).not.toContain('Crea el teu primer regal');
  });
});
