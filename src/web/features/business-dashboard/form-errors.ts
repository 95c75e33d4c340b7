import type { z } from 'zod';

/** The first message code per top-level field of a failed parse, the shape the server's `fields` has. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
