import { describe, expect, it } from 'vitest';
import { LOCALES } from '@shared/locale';
import { cardTemplates } from './card-templates';

describe('the gift card mails', () => {
  const data = { businessName: 'Orxateria <La Palmera>', amount: '18,40 €', balance: '31,60 €', spent: false, url: 'https://regalo.example/g/abc?x=1&y=2' };

  it.each(LOCALES)('card-used (%s) says the amount, the place and the balance left, links the card and escapes the name', (locale) => {
    const mail = cardTemplates['card-used'](data, locale);
    expect(mail.subject).toContain('18,40 €');
    expect(mail.text).toContain('18,40 €');
    expect(mail.text).toContain('31,60 €');
    expect(mail.text).toContain('Orxateria <La Palmera>');
    expect(mail.html).toContain('Orxateria &lt;La Palmera&gt;');
    expect(mail.html).not.toContain('<La Palmera>');
    expect(mail.html).toContain('href="https://regalo.example/g/abc?x=1&amp;y=2"');
  });

  it('a card spent to the last cent says so instead of a balance', () => {
    const mail = cardTemplates['card-used']({ ...data, balance: '0,00 €', spent: true }, 'es');
    expect(mail.text).toContain('Ya has gastado todo el saldo');
    expect(mail.text).not.toContain('Saldo restante: 0,00');
  });
});
