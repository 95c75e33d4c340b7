import { describe, expect, it } from 'vitest';
import en from '@shared/locales/en/admin.json';
import es from '@shared/locales/es/admin.json';
import { translate } from '@web/lib/text';
import { describeAuditChange } from './describe-audit-change';

const plain = (s: string | null) => s?.replace(/\u00a0|\u202f/g, ' ') ?? null;
const lines = (language: 'en' | 'es', before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  describeAuditChange(before, after, (key, options) => translate(language === 'en' ? en : es, language, key, options), language).map(
    (line) => `${line.field}: ${line.from === null ? plain(line.to) : `${plain(line.from)} → ${plain(line.to)}`}`,
  );

describe('an audit row in words', () => {
  it('names the fields and formats dates, amounts and statuses; never "→ undefined"', () => {
    // A refund: the order's expiry was not part of the change.
    const before = { status: 'paid', expiresAt: '2028-01-31T22:59:59.999Z' };
    const after = { status: 'cancelled', cancelledAt: '2026-11-27T09:15:00.000Z', refundedAt: '2026-11-27T09:15:00.000Z', refundRef: 're_123', amount: 4800 };
    expect(lines('en', before, after)).toEqual([
      'Status: Paid → Cancelled',
      'Valid until: 31 Jan 2028, 23:59',
      'Cancelled: 27 Nov 2026, 10:15',
      'Refunded: 27 Nov 2026, 10:15',
      'Refund reference: re_123',
      'Amount: 48,00 €',
    ]);
    expect(lines('es', before, after)).toContain('Válido hasta: 31 ene 2028, 23:59');
    expect(lines('es', before, after)).toContain('Importe: 48,00 €');
    expect(lines('en', before, after).join(' ')).not.toMatch(/undefined|expiresAt|2028-01-31T/);
  });

  it('says yes/no, percentages with a decimal comma, and reviews in words', () => {
    expect(lines('es', { isActive: true }, { isActive: false })).toEqual(['Activo: sí → no']);
    expect(lines('en', { commissionRate: 10 }, { commissionRate: 12.5 })).toEqual(['Commission: 10 % → 12,5 %']);
    expect(lines('en', { verificationStatus: 'pending', rejectionReason: null }, { verificationStatus: 'rejected', rejectionReason: 'Blurry document' })).toEqual([
      'Review: Waiting → Rejected',
      'Reason for rejection: Blurry document',
    ]);
    expect(lines('en', { role: 'user', email: 'ana@example.test' }, { role: 'admin', email: 'ana@example.test' })).toEqual([
      'Role: user → platform team',
      'Email: ana@example.test',
    ]);
  });
});
