import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { useText } from '@web/lib/text';

/**
 * The back office's forms (react-hook-form with the contract the server checks with, ADR 076):
 * what they share. Types only from react-hook-form, so a tab that imports this carries none of
 * its code.
 */

/**
 * A field's code, from the contract or the server, in words (`fieldErrors.<code>`). `aliases`
 * words a contract's own codes with the back office's (the invoice contract's
 * `cancelReasonRequired` is `required`).
 */
export function useFieldError<Values extends FieldValues>(errors: FieldErrors<Values>, aliases: Record<string, string> = {}) {
  const { t } = useText('admin');
  return (field: keyof Values & string) => {
    const code = errors[field]?.message;
    return typeof code === 'string' ? t(`fieldErrors.${aliases[code] ?? code}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
  };
}

/**
 * The server's `fields` (`apiFieldErrors`) onto the named fields of a form; whether any landed
 * (when none did, the failure is said elsewhere).
 */
export function setServerFieldErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, fields: Record<string, string>, names: readonly Path<Values>[]) {
  let landed = false;
  for (const name of names) {
    const code = fields[name];
    if (code === undefined) continue;
    setError(name, { type: 'server', message: code });
    landed = true;
  }
  return landed;
}

/** A rate as typed, with a decimal comma or point, as the number the contract checks; blank is not a number (`invalidRate`). */
export const rateOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** A rate as the form shows it: with a decimal comma, as it is typed in Spain. */
export const rateText = (rate: number) => String(rate).replace('.', ',');

/**
 * A contract's resolver for a form whose `commissionRate` is the text typed: checked as the
 * number `rateOf` reads, which is what the form then sends.
 */
export function withTypedRate<Input extends { commissionRate: number }, Output>(
  resolver: Resolver<Input, unknown, Output>,
): Resolver<Omit<Input, 'commissionRate'> & { commissionRate: string }, unknown, Output> {
  // The same fields and errors, one value read differently: react-hook-form's types cannot follow.
  const check = resolver as unknown as Resolver<FieldValues, unknown, Output>;
  return (values, context, options) => check({ ...values, commissionRate: rateOf(values.commissionRate) }, context, options as never) as never;
}
