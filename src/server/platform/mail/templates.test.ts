import { describe, expect, it } from 'vitest';
import { orderTemplates } from './order-templates';
import { templates, type MailTemplateName } from './templates';

const sample = { name: 'Ana <script>', url: 'https://regalo.example/api/auth/verify-email?token=a&callbackURL=%2Fapp', signInUrl: 'https://regalo.example/auth' };

describe('mail templates', () => {
  // Order emails take other data; order-templates.test.ts covers them.
  const accountMails = (Object.keys(templates) as MailTemplateName[]).filter((n) => !(n in orderTemplates));
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
        expect(mail.html).toContain('Ana &lt;script&gt;');
      });
    }
  }

  it('speaks the recipient’s language', () => {
    expect(templates['verify-email']({ name: 'A', url: 'x' }, 'es').text).toContain('Hola, A:');
    expect(templates['verify-email']({ name: 'A', url: 'x' }, 'en').text).toContain('Hi A,');
  });
});
