import { describe, expect, it } from 'vitest';
import {
  forgotPasswordFormSchema,
  resetPasswordFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from './auth-forms';

function firstErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  // The form shows the first problem of each field, as react-hook-form does.
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('sign-in form', () => {
  it('needs an email in email format and a password', () => {
    expect(firstErrors(signInFormSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'required',
      password: 'required',
    });
    expect(firstErrors(signInFormSchema.safeParse({ email: 'ana@', password: 'x' }))).toEqual({ email: 'emailInvalid' });
    expect(signInFormSchema.parse({ email: ' ana@example.test ', password: 'x' }).email).toBe('ana@example.test');
  });
});

describe('sign-up form', () => {
  const valid = { name: 'Ana García', email: 'ana@example.test', password: 'horchata-2026', phone: '' };
  it('accepts a valid sign-up and sends no phone when it is empty', () => {
    expect(signUpFormSchema.parse(valid)).toEqual({ ...valid, phone: null });
  });
  it('requires name, email and password', () => {
    expect(firstErrors(signUpFormSchema.safeParse({ name: '  ', email: '', password: '', phone: '' }))).toEqual({
      name: 'required',
      email: 'required',
      password: 'required',
    });
  });
  it('keeps passwords between 8 and 128 characters', () => {
    expect(firstErrors(signUpFormSchema.safeParse({ ...valid, password: '1234567' }))).toEqual({ password: 'passwordTooShort' });
    expect(signUpFormSchema.safeParse({ ...valid, password: '12345678' }).success).toBe(true);
    expect(signUpFormSchema.safeParse({ ...valid, password: 'a'.repeat(128) }).success).toBe(true);
    expect(firstErrors(signUpFormSchema.safeParse({ ...valid, password: 'a'.repeat(129) }))).toEqual({
      password: 'passwordTooLong',
    });
  });
  it('normalises a Spanish phone and refuses text that is not one', () => {
    expect(signUpFormSchema.parse({ ...valid, phone: '612 345 678' }).phone).toBe('+34612345678');
    expect(firstErrors(signUpFormSchema.safeParse({ ...valid, phone: 'call me' }))).toEqual({ phone: 'phoneInvalid' });
  });
});

describe('password forms', () => {
  it('forgot password needs a valid email', () => {
    expect(forgotPasswordFormSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(forgotPasswordFormSchema.safeParse({ email: 'ana@example.test' }).success).toBe(true);
  });
  it('reset password needs the same new password twice', () => {
    expect(firstErrors(resetPasswordFormSchema.safeParse({ password: 'horchata-2026', confirmPassword: 'horchata-2027' }))).toEqual({
      confirmPassword: 'passwordsDiffer',
    });
    expect(resetPasswordFormSchema.safeParse({ password: 'horchata-2026', confirmPassword: 'horchata-2026' }).success).toBe(true);
  });
});
