import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * How deeply a body may nest arrays and objects (the top-level value is level 1). No form of
 * ours comes near it; a body nested 50,000 deep would otherwise cost every walk over it.
 */
export const MAX_NESTING_DEPTH = 64;

/** What a walk over a request's input found first: a NUL (at a path), or nesting too deep. */
export type InputFinding = { nul: string } | { tooDeep: true } | null;

/**
 * Walks `value` with a stack of its own, never the call stack, so no input can make it throw:
 * the first string or key holding a NUL character, in document order, or the first container
 * nested deeper than MAX_NESTING_DEPTH.
 */
export function inspectInput(value: unknown, maxDepth = MAX_NESTING_DEPTH): InputFinding {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return { nul: item.path || 'body' };
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return { tooDeep: true };
    const entries = Array.isArray(item.value) ? item.value.map((v, i) => [String(i), v] as const) : Object.entries(item.value);
    // Pushed last to first, so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: at(item.path, key), depth });
    }
    if (!Array.isArray(item.value)) {
      const nulKey = entries.find(([key]) => key.includes('\u0000'));
      if (nulKey) return { nul: at(item.path, nulKey[0]) };
    }
  }
  return null;
}

/** The path of the first string holding a NUL character, or null. */
export function findNul(value: unknown): string | null {
  const found = inspectInput(value);
  return found && 'nul' in found ? found.nul : null;
}

/**
 * PostgreSQL cannot store NUL in text, and no form of ours ever sends one: a NUL anywhere in
 * a body (JSON, or a form-encoded one kept as a string), the query or the path parameters
 * is refused with 400 for every route, present and future, before validation or a handler.
 * So is a body nested deeper than MAX_NESTING_DEPTH (400 `body_too_deep`): validation and
 * handlers then never walk one.
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = typeof request.body === 'string' ? Object.fromEntries(new URLSearchParams(request.body)) : request.body;
    const found = inspectInput(request.query) ?? inspectInput(request.params) ?? inspectInput(body);
    if (found && 'tooDeep' in found) {
      throw new AppError('body_too_deep', 400, `The body nests arrays or objects more than ${MAX_NESTING_DEPTH} levels deep`);
    }
    // The raw body text too: a form key or value could hide one in an encoding we did not read.
    if (found || (typeof request.body === 'string' && request.body.includes('\u0000'))) {
      throw AppError.validation({ [found?.nul ?? 'body']: 'nul_character' }, 'Text must not contain NUL characters');
    }
  });
}
