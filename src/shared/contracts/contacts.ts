import { z } from 'zod';
import { CONTACT_LIMITS, emptyToNull, isValidEmail, isValidPhone } from '../domain/contact';
import { multiLine, singleLine } from './plain-text';

/**
 * Validation messages are codes (`required`, `too_long`, `invalid_email`, `invalid_phone`,
 * `control_character`, `control_character_in_text`): the server returns them per field in
 * problem+json and the web translates them.
 */
const optionalText = (max: number, check?: { test: (v: string) => boolean; code: string }, lines: 'one' | 'many' = 'one') =>
  z
    .string('invalid')
    .nullish()
    .transform(emptyToNull)
    .pipe(
      (lines === 'one' ? singleLine : multiLine)(z.string().max(max, 'too_long'))
        .refine((v) => !check || check.test(v), check?.code ?? 'invalid')
        .nullable(),
    );

export const contactInputSchema = z.object({
  name: singleLine(z.string('required').trim().min(1, 'required').max(CONTACT_LIMITS.name, 'too_long')),
  phone: optionalText(CONTACT_LIMITS.phone, { test: isValidPhone, code: 'invalid_phone' }),
  email: optionalText(CONTACT_LIMITS.email, { test: isValidEmail, code: 'invalid_email' }),
  relationship: optionalText(CONTACT_LIMITS.relationship),
  notes: optionalText(CONTACT_LIMITS.notes, undefined, 'many'),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

/** PATCH: only the fields sent change; an empty optional field clears it. */
export const contactPatchSchema = contactInputSchema.partial();
export type ContactPatch = z.output<typeof contactPatchSchema>;

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  relationship: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({
  q: z.string().trim().max(100, 'too_long').optional(),
});

export const contactListSchema = z.object({ items: z.array(contactSchema) });
export type ContactList = z.infer<typeof contactListSchema>;

export const contactParamsSchema = z.object({ id: z.string() });
