import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * The server's `fields` (field → message code) onto the form's fields, where the browser's own
 * check shows its codes: one place for both, translated the same way.
 */
export function setServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, fields: Record<string, string>) {
  for (const [name, code] of Object.entries(fields)) setError(name as Path<Values>, { type: 'server', message: code });
}
