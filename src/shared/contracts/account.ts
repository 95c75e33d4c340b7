import { z } from 'zod';

/**
 * DELETE /api/account: an account with a password confirms with it (`password`); one
 * without (Google) types its email address (`confirm`) and must have signed in within the
 * last 15 minutes, else 403 `reauthentication_required`. 400 `confirmation_mismatch` with
 * fields.password `passwordRequired` | `passwordMismatch` or fields.confirm.
 */
export const deleteAccountSchema = z
  .object({
    confirm: z.string().trim().max(320).optional(),
    password: z.string().max(128).optional(),
  })
  .refine((v) => Boolean(v.confirm) || Boolean(v.password), {
    error: 'confirmationRequired',
    path: ['confirm'],
  });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Problem codes of DELETE /api/account besides the guards'. */
export const accountErrorCodes = ['confirmation_mismatch', 'reauthentication_required'] as const;

/** GET /api/account/export: everything Regalo holds about the user (GDPR access/portability). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    phone: z.string().nullable(),
    userType: z.string(),
    isBusiness: z.boolean(),
    businessName: z.string().nullable(),
    role: z.string(),
    locale: z.string(),
    createdAt: z.string(),
  }),
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  profile: z
    .object({
      email: z.string(),
      fullName: z.string().nullable(),
      phone: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  contacts: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(z.record(z.string(), z.unknown())),
  /** With its image URL, documents (metadata and download path) and applications. */
  business: z.record(z.string(), z.unknown()).nullable(),
  businessInterest: z.record(z.string(), z.unknown()).nullable(),
  /** The sign-up wizard's unsubmitted step 1 (ADR 066). */
  businessSignupDraft: z.record(z.string(), z.unknown()).nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
