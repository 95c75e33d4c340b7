/**
 * A wa.me link that opens WhatsApp with `text` ready to send: to the recipient's phone when
 * it can be turned into an international number, otherwise to a contact the giver picks.
 * wa.me wants the number with its country code and digits only; a Spanish number written
 * without a prefix (612 345 678) gets +34.
 */
export function whatsAppUrl(text: string, phone?: string | null): string {
  const number = phone ? internationalDigits(phone) : null;
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

function internationalDigits(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 ? digits : null;
  if (digits.startsWith('00')) return digits.length >= 10 ? digits.slice(2) : null;
  if (/^[6789]\d{8}$/.test(digits)) return `34${digits}`;
  return null;
}
