import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import { templates } from './templates';

const gift = {
  recipientName: 'Lucía <b>',
  senderName: 'Ana',
  giftName: 'Cata de tés',
  businessName: 'Tetería Russafa',
  businessAddress: 'Carrer de Sueca 12',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=Teter%C3%ADa',
  personalMessage: '¡Feliz cumpleaños!',
  expiresAt: '2027-11-23T22:59:59.999Z',
  giftUrl: 'https://regalo.example/g/abc_DEF-123',
  typedCode: 'K7QD-M2XA',
};

describe('order emails', () => {
  it('gives the recipient everything in their language, escaped', () => {
    for (const locale of ['en', 'es'] as const) {
      const mail = templates['gift-received'](gift, locale);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      const expiry = { en: '23 Nov 2027', es: '23 nov 2027' }[locale];
      for (const part of ['Ana', 'Cata de tés', 'Tetería Russafa', 'Carrer de Sueca 12', gift.mapUrl, '¡Feliz cumpleaños!', expiry, gift.giftUrl]) {
        expect(mail.text).toContain(part);
      }
      expect(mail.html).toContain(`href="${gift.giftUrl}"`);
      expect(mail.html).toContain('Lucía &lt;b&gt;');
    }
    expect(templates['gift-received'](gift, 'es').subject).toBe('Ana te ha enviado un regalo: Cata de tés');
    expect(templates['gift-received'](gift, 'en').subject).toBe('Ana sent you a gift: Cata de tés');
    expect(templates['gift-received']({ ...gift, personalMessage: null }, 'en').text).not.toContain('Their message');
    // The code to read out at the counter when the QR cannot be scanned (ADR 055).
    expect(templates['gift-received'](gift, 'en').text).toContain('If they cannot scan the QR, read them this code: K7QD-M2XA');
    expect(templates['gift-received'](gift, 'es').html).toContain('Si no pueden escanear el QR, díctales este código: K7QD-M2XA');
  });

  it('offers the wallets the operator set up, each as a link in the three languages, and none without them (ADR 107)', () => {
    const wallet = { appleUrl: `${gift.giftUrl}/wallet/apple.pkpass`, googleUrl: `${gift.giftUrl}/wallet/google` };
    for (const [locale, apple, google] of [
      ['en', 'Add to Apple Wallet', 'Keep it in Google Wallet (Android):'],
      ['es', 'Añadir a Apple Wallet', 'Guárdalo en Google Wallet (Android):'],
      ['va', 'Afegir a Apple Wallet', 'Guarda-ho en Google Wallet (Android):'],
    ] as const) {
      const mail = templates['gift-received']({ ...gift, wallet }, locale);
      expect(mail.html).toContain(`href="${wallet.appleUrl}"`);
      expect(mail.html).toContain(`href="${wallet.googleUrl}"`);
      expect(mail.html).toContain(apple);
      expect(mail.text).toContain(`${google} ${wallet.googleUrl}`);
    }
    expect(templates['gift-received']({ ...gift, wallet: { googleUrl: wallet.googleUrl } }, 'en').text).not.toContain('Apple Wallet');
    expect(templates['gift-received'](gift, 'en').text).not.toContain('Wallet');
  });

  it('writes the booking phone as people read it in the text part, and links it in the HTML part', () => {
    const booking = { phone: '+34963000101', whatsapp: null, bookingUrl: null, openingHours: null };
    for (const [locale, line] of [['en', 'Call +34 963 00 01 01'], ['es', 'Llamar al +34 963 00 01 01'], ['va', 'Telefonar al +34 963 00 01 01']] as const) {
      const mail = templates['gift-received']({ ...gift, booking }, locale);
      expect(mail.text).toContain(line);
      expect(mail.text).not.toContain('tel:');
      expect(mail.html).toContain('href="tel:+34963000101"');
    }
  });

  it('keeps the line breaks of the personal message in the HTML part, as the text part does', () => {
    const mail = templates['gift-received']({ ...gift, personalMessage: 'Feliz cumple.\nTe quiero <3\n\nAna' }, 'es');
    expect(mail.html).toContain('Su mensaje: «Feliz cumple.<br>\nTe quiero &lt;3<br>\n<br>\nAna»');
    expect(mail.text).toContain('Su mensaje: «Feliz cumple.\nTe quiero <3\n\nAna»');
  });

  it('links the map with a short label in the HTML part, so nothing stretches a phone screen', () => {
    const longMap = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Tetería Russafa, Carrer de Sueca 12, Russafa, Valencia')}`;
    for (const [locale, label] of [['es', 'Ver Tetería Russafa en el mapa'], ['en', 'See Tetería Russafa on the map']] as const) {
      const mail = templates['gift-received']({ ...gift, mapUrl: longMap }, locale);
      expect(mail.html).toContain(`<a href="${longMap.replaceAll('&', '&amp;')}" style="color:#b4235a;">${label}</a>`);
      expect(mail.text).toContain(longMap);
      // What a reader sees: no unbreakable run longer than a phone line, except the button's
      // fallback address, which is set to break anywhere.
      const visible = mail.html
        .replace(/<p [^>]*word-break:break-all[^>]*>[\s\S]*?<\/p>/g, '')
        .replace(/<div style="display:none[\s\S]*?<\/div>/, '')
        .replace(/<[^>]+>/g, ' ')
        .replaceAll('&amp;', '&');
      const longest = Math.max(...visible.split(/\s+/).map((word) => word.length));
      expect(longest).toBeLessThanOrEqual(30);
    }
  });

  it('lists every line, the total and "VAT included" on the receipt', () => {
    const data = {
      name: 'Ana',
      lines: [
        { giftName: 'Cata de tés', businessName: 'Tetería Russafa', recipientName: 'Lucía', price: 3200, deliverAt: null },
        { giftName: 'Paella', businessName: 'Casa Carmela', recipientName: 'Joan', price: 4550, deliverAt: '2026-12-24T17:00:00.000Z' },
      ],
      total: 7750,
      ordersUrl: 'https://regalo.example/app/orders',
      withdrawUrl: 'https://regalo.example/withdraw/link/abc',
      withdrawUntil: '2026-12-08T22:59:59.999Z',
    };
    const en = templates['order-receipt'](data, 'en').text;
    expect(en).toContain(`Cata de tés (Tetería Russafa) for Lucía: ${formatPrice(3200)}, sent now`);
    expect(en).toContain(`Paella (Casa Carmela) for Joan: ${formatPrice(4550)}, delivered on 24 Dec 2026, 18:00`);
    expect(en).toContain(`Total: ${formatPrice(7750)} (VAT included).`);
    const es = templates['order-receipt'](data, 'es').text;
    expect(es).toContain(`Total: ${formatPrice(7750)} (IVA incluido).`);
    expect(es).toContain('se entrega el 24 dic 2026, 18:00');
  });

  it("says a gift card carries no VAT now (the business charges it at each use) and claims none for it in the total", () => {
    const card = { giftName: 'Tarjeta regalo La Palmera', businessName: 'Orxateria La Palmera', recipientName: 'Marta', price: 5000, deliverAt: null, card: true };
    const fixed = { giftName: 'Paella', businessName: 'Casa Carmela', recipientName: 'Joan', price: 4550, deliverAt: null };
    const base = { name: 'Ana', ordersUrl: 'https://regalo.example/app?tab=orders', withdrawUrl: 'https://regalo.example/withdraw/link/abc', withdrawUntil: '2026-12-08T22:59:59.999Z' };
    const only = templates['order-receipt']({ ...base, lines: [card], total: 5000 }, 'es').text;
    expect(only).toContain(`Tarjeta regalo La Palmera (Orxateria La Palmera) para Marta: tarjeta regalo de ${formatPrice(5000)}`);
    expect(only).toContain(`Total: ${formatPrice(5000)}.`);
    expect(only).not.toContain('IVA incluido');
    expect(only).toContain('bono polivalente');
    expect(only).toContain('El negocio cobra el IVA cuando se usa la tarjeta');
    const mixed = templates['order-receipt']({ ...base, lines: [card, fixed], total: 9550 }, 'en').text;
    expect(mixed).toContain(`Total: ${formatPrice(9550)} (VAT included in the gifts; none on the gift cards).`);
    expect(mixed).toContain('multi-purpose voucher');
    const va = templates['order-receipt']({ ...base, lines: [card], total: 5000 }, 'va').text;
    expect(va).toContain('bo polivalent');
    // A receipt without a card says nothing about cards.
    const plain = templates['order-receipt']({ ...base, lines: [fixed], total: 4550 }, 'es').text;
    expect(plain).toContain(`Total: ${formatPrice(4550)} (IVA incluido).`);
    expect(plain).not.toContain('bono polivalente');
  });

  it('offers the withdrawal on the receipt, labelled as the law requires, with its end in Madrid time', () => {
    const data = {
      name: 'Ana',
      lines: [{ giftName: 'Paella', businessName: 'Casa Carmela', recipientName: 'Joan', price: 4550, deliverAt: null }],
      total: 4550,
      ordersUrl: 'https://regalo.example/app?tab=orders',
      withdrawUrl: 'https://regalo.example/withdraw/link/abc',
      withdrawUntil: '2026-12-08T22:59:59.999Z',
    };
    const es = templates['order-receipt'](data, 'es');
    expect(es.html).toContain('href="https://regalo.example/withdraw/link/abc"');
    expect(es.html).toContain('Desistir del contrato aquí');
    expect(es.text).toContain('hasta el 8 dic 2026, 23:59 (hora de Madrid)');
    const en = templates['order-receipt'](data, 'en');
    expect(en.html).toContain('Withdraw from contract here');
    expect(en.text).toContain('until 8 Dec 2026, 23:59 (Madrid time)');
  });

  it('ends a Spanish email with the operator address in Spanish, an English one in English', () => {
    const es = templates['gift-received'](gift, 'es');
    expect(es.text).toMatch(/46002 Valencia, España/);
    expect(es.text).not.toContain('Spain');
    expect(es.html).not.toContain('Spain');
    expect(templates['gift-received'](gift, 'en').text).toMatch(/46002 Valencia, Spain/);
  });

  it('tells the giver a scheduled gift went out', () => {
    const mail = templates['gift-delivered']({ name: 'Ana', recipientName: 'Joan', giftName: 'Paella', ordersUrl: 'https://regalo.example/app/orders' }, 'es');
    expect(mail.subject).toBe('Joan ya ha recibido tu regalo');
  });
});
