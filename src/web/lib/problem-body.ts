import type { Problem } from '@shared/problem';

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * The problem+json of an error answer, or null when the body is not one. The same shape as
 * `problemSchema` (`@shared/problem`), checked by hand so that reading an error does not
 * download zod (ADR 039); `problem-body.test.ts` holds the two to the same answers.
 */
export function asProblem(data: unknown): Problem | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const body = data as Record<string, unknown>;
  if (typeof body.type !== 'string' || typeof body.title !== 'string' || typeof body.code !== 'string') return null;
  if (typeof body.status !== 'number' || !Number.isInteger(body.status)) return null;
  if (!optionalString(body.detail)) return null;
  const fields = body.fields;
  if (fields !== undefined) {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
    if (!Object.values(fields).every((value) => typeof value === 'string')) return null;
  }
  const available = body.availableCents;
  if (available !== undefined && !(typeof available === 'number' && Number.isInteger(available))) return null;
  const problem: Problem = { type: body.type, title: body.title, status: body.status, code: body.code };
  if (available !== undefined) problem.availableCents = available as number;
  if (body.detail !== undefined) problem.detail = body.detail as string;
  if (fields !== undefined) problem.fields = fields as Record<string, string>;
  return problem;
}
