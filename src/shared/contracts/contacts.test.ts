import { describe, expect, it } from 'vitest';
import { contactInputSchema, contactPatchSchema } from './contacts';

describe('contact contract', () => {
  it('trims the name and turns empty optional fields into null', () => {
    const parsed = contactInputSchema.parse({ name: '  Lucía ', phone: '', email: '  ', notes: ' hi ' });
    expect(parsed).toEqual({ name: 'Lucía', phone: null, email: null, relationship: null, notes: 'hi' });
  });

  it('reports field codes for a blank name and bad formats', () => {
    const result = contactInputSchema.safeParse({ name: '   ', phone: 'abc', email: 'nope' });
    expect(result.success).toBe(false);
    const codes = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(codes).toEqual({ name: 'required', phone: 'invalid_phone', email: 'invalid_email' });
  });

  it('leaves fields out of a patch untouched but clears an emptied one', () => {
    expect(contactPatchSchema.parse({ notes: '' })).toEqual({ notes: null });
    expect(contactPatchSchema.parse({})).toEqual({});
  });
});
