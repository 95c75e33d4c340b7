import { z } from 'zod';
import { plainTextFieldErrors, singleLine } from './plain-text';

/**
 * Normalises a phone number to E.164 (`+34612345678`). Accepts international numbers
 * (`+44 20 7946 0958`, `0044…`) and Spanish national ones (`612 345 678`, `96 123 45 67`),
 * with spaces, dots, dashes or brackets. Returns null for an empty value and undefined when
 * the text is not a phone number.
 */
export function normalizePhone(input: string | null | undefined): string | null | undefined {
  const raw = (input ?? '').trim();
  if (raw === '') return null;
  if (!/^[+\d][\d\s().-]*$/.test(raw)) return undefined;
  let digits = raw.replace(/[\s().-]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (/^[6789]\d{8}$/.test(digits)) return `+34${digits}`;
  if (/^\+[1-9]\d{7,14}$/.test(digits)) {
    // A Spanish number after +34 always has nine digits starting 6-9.
    if (digits.startsWith('+34') && !/^\+34[6789]\d{8}$/.test(digits)) return undefined;
    return digits;
  }
  return undefined;
}

/** Field error codes the profile endpoints return in problem+json `fields`. */
export const profileFieldErrors = {
  fullNameRequired: 'fullNameRequired',
  fullNameTooLong: 'fullNameTooLong',
  phoneInvalid: 'phoneInvalid',
  controlCharacter: plainTextFieldErrors.controlCharacter,
} as const;

export const profileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/profile. Phone: empty or null clears it; stored normalised (E.164). */
export const updateProfileSchema = z.object({
  fullName: singleLine(
    z
      .string({ error: profileFieldErrors.fullNameRequired })
      .trim()
      .min(1, { error: profileFieldErrors.fullNameRequired })
      .max(100, { error: profileFieldErrors.fullNameTooLong }),
  ),
  phone: z
    .string({ error: profileFieldErrors.phoneInvalid })
    .max(32, { error: profileFieldErrors.phoneInvalid })
    .nullish()
    .refine((v) => normalizePhone(v) !== undefined, { error: profileFieldErrors.phoneInvalid })
    .transform((v) => normalizePhone(v) ?? null),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
