import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The path of the first string holding a NUL character, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
      const found = findNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL in text, and no form of ours ever sends one: a NUL anywhere in
 * a body (JSON, or a form-encoded one kept as a string), the query or the path parameters
 * is refused with 400 for every route, present and future, before validation or a handler.
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = typeof request.body === 'string' ? Object.fromEntries(new URLSearchParams(request.body)) : request.body;
    const found = findNul(request.query) ?? findNul(request.params) ?? findNul(body);
    // The raw body text too: a form key or value could hide one in an encoding we did not read.
    if (found || (typeof request.body === 'string' && request.body.includes('\u0000'))) {
      throw AppError.validation({ [found ?? 'body']: 'nul_character' }, 'Text must not contain NUL characters');
    }
  });
}
