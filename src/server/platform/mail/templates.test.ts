import { describe, expect, it } from 'vitest';
import { templates, type MailTemplateName } from './templates';

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
  reason: 'The licence is unreadable',
  giftName: 'Horchata',
  expiresOn: '31 dic 2027',
};

describe('mail templates', () => {
  for (const name of Object.keys(templates) as MailTemplateName[]) {
    for (const locale of ['en', 'es'] as const) {
      it(`${name} (${locale}) has a subject, the link in text and html, and escapes data`, () => {
        const mail = templates[name](sample as never, locale);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        const link = name === 'account-exists' ? sample.signInUrl : sample.url;
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).toContain('Ana &lt;script&gt;');
      });
    }
  }

  it('speaks the recipient’s language', () => {
    expect(templates['verify-email']({ name: 'A', url: 'x' }, 'es').text).toContain('Hola, A:');
    expect(templates['verify-email']({ name: 'A', url: 'x' }, 'en').text).toContain('Hi A,');
  });
});
