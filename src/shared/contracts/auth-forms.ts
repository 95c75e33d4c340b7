import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';
import { plainTextFieldErrors, singleLine } from './plain-text';
import { normalizePhone } from './profile';

/**
 * The account forms of /auth. Each message is an error code the web translates
 * (namespace `auth`, key `fields.errors.<code>`); the server checks the same rules again.
 */
export const authFieldErrors = {
  required: 'required',
  emailInvalid: 'emailInvalid',
  passwordTooShort: 'passwordTooShort',
  passwordTooLong: 'passwordTooLong',
  nameTooLong: 'nameTooLong',
  phoneInvalid: 'phoneInvalid',
  passwordsDiffer: 'passwordsDiffer',
  controlCharacter: plainTextFieldErrors.controlCharacter,
} as const;

const email = z
  .string()
  .trim()
  .min(1, { error: authFieldErrors.required })
  .pipe(z.email({ error: authFieldErrors.emailInvalid }));

const newPassword = z
  .string()
  .min(1, { error: authFieldErrors.required })
  .min(MIN_PASSWORD_LENGTH, { error: authFieldErrors.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: authFieldErrors.passwordTooLong });

export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, { error: authFieldErrors.required }),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const signUpFormSchema = z.object({
  name: singleLine(z.string().trim().min(1, { error: authFieldErrors.required }).max(100, { error: authFieldErrors.nameTooLong })),
  email,
  password: newPassword,
  /** Optional; sent normalised (E.164), null when empty. */
  phone: z
    .string()
    .max(32, { error: authFieldErrors.phoneInvalid })
    .refine((v) => normalizePhone(v) !== undefined, { error: authFieldErrors.phoneInvalid })
    .transform((v) => normalizePhone(v) ?? null),
});
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpForm = z.output<typeof signUpFormSchema>;

export const forgotPasswordFormSchema = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string().min(1, { error: authFieldErrors.required }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: authFieldErrors.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
