import { describe, expect, it } from 'vitest';
import { fromDraft, toDraftBody } from './wizard-draft';

describe('the wizard draft', () => {
  it('sends the text fields the form holds and whether a photo was chosen, nothing else', () => {
    expect(toDraftBody({ address: 'Carrer de la Pau 12', taxId: 'B12345674', businessType: 'company', photo: {}, evil: 'y', phone: 7 }, true)).toEqual({
      address: 'Carrer de la Pau 12',
      taxId: 'B12345674',
      businessType: 'company',
      hadPhoto: true,
    });
  });

  it('restores the non-empty fields of a loaded draft, and nothing without one', () => {
    expect(fromDraft(null)).toEqual({});
    expect(
      fromDraft({ values: { address: 'Carrer de la Pau 12', category: '', businessType: 'individual' }, hadPhoto: false, updatedAt: '2026-11-27T09:00:00.000Z' }),
    ).toEqual({ address: 'Carrer de la Pau 12', businessType: 'individual' });
  });
});
