/** Whether a database error (possibly wrapped by Drizzle) is PostgreSQL's check violation of `constraint`. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, constraint: named, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23514' && (named === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
