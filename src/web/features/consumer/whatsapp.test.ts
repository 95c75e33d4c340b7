import { describe, expect, it } from 'vitest';
import { whatsAppUrl } from './whatsapp';

describe('WhatsApp share link', () => {
  it('prefills the text, encoded', () => {
    expect(whatsAppUrl('¡Hola! Tu regalo: https://regalo.test/g/abc?x=1&y=2')).toBe(
      'https://wa.me/?text=%C2%A1Hola!%20Tu%20regalo%3A%20https%3A%2F%2Fregalo.test%2Fg%2Fabc%3Fx%3D1%26y%3D2',
    );
  });

  it("goes straight to the recipient's phone when it is international or Spanish", () => {
    expect(whatsAppUrl('hi', '+34 612 345 678')).toBe('https://wa.me/34612345678?text=hi');
    expect(whatsAppUrl('hi', '612-345-678')).toBe('https://wa.me/34612345678?text=hi');
    expect(whatsAppUrl('hi', '0044 20 7946 0958')).toBe('https://wa.me/442079460958?text=hi');
    expect(whatsAppUrl('hi', '+44 (20) 7946 0958')).toBe('https://wa.me/442079460958?text=hi');
  });

  it('lets the giver choose the chat when the number cannot be made international', () => {
    expect(whatsAppUrl('hi', '96 123 45')).toBe('https://wa.me/?text=hi');
    expect(whatsAppUrl('hi', null)).toBe('https://wa.me/?text=hi');
  });
});
