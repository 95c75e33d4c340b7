import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import { templates } from './templates';

describe('withdrawal emails', () => {
  const ack = {
    reference: 'D-1A2B3C4D',
    // 9 Dec 2026 00:30 in Madrid (UTC+1): the day shown is Madrid's, not UTC's.
    withdrawnAt: '2026-12-08T23:30:00.000Z',
    purchasedAt: '2026-12-01T10:00:00.000Z',
    lines: [
      { giftName: 'Horchata <b>', businessName: 'Horchatería Daniel', price: 2500 },
      { giftName: 'Paella', businessName: 'Casa Carmela', price: 4000 },
    ],
    refund: 6500,
    ordersUrl: 'https://regalo.example/app?tab=orders',
  };

  it('acknowledge what was withdrawn, when in Madrid, and the refund, in the reader’s language', () => {
    const es = templates['withdrawal-acknowledged'](ack, 'es');
    expect(es.subject).toBe('Hemos recibido tu desistimiento (D-1A2B3C4D)');
    expect(es.text).toContain('el 9 dic 2026, 00:30 (hora de Madrid) desististe del contrato de compra del 1 dic 2026');
    expect(es.text).toContain(`• Paella (Casa Carmela): ${formatPrice(4000)}`);
    expect(es.text).toContain(`Reembolso: ${formatPrice(6500)}, el precio completo (IVA incluido)`);
    expect(es.html).toContain('Horchata &lt;b&gt;');
    expect(es.html).not.toContain('<b>');
    const en = templates['withdrawal-acknowledged'](ack, 'en');
    expect(en.text).toContain('on 9 Dec 2026, 00:30 (Madrid time) you withdrew from the purchase contract of 1 Dec 2026');
    expect(en.text).toContain('Withdrawal reference: D-1A2B3C4D');
    expect(en.html).toContain('href="https://regalo.example/app?tab=orders"');
  });

  it('tell a recipient only that the gift is no longer available', () => {
    const data = { recipientName: 'Carmen', giftName: 'Horchata', businessName: 'Horchatería', giftUrl: 'https://regalo.example/g/abc' };
    for (const locale of ['en', 'es'] as const) {
      const mail = templates['order-withdrawn-recipient'](data, locale);
      expect(mail.text).toContain('Horchata');
      expect(mail.text).toContain('https://regalo.example/g/abc');
      expect(mail.text).not.toMatch(/refund|reembols|withdr|desist|€/i);
    }
  });
});
