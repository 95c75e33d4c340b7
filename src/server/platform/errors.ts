import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, Problem } from '@shared/problem';
import { isDatabaseUnavailable } from '../db/database-unavailable';

/** Seconds a client is told to wait when the database is away (a reconnect takes about that). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The one error type use cases throw. Route handlers never build error responses
 * themselves: the error handler below turns an AppError into problem+json.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    detail?: string,
    public readonly fields?: Record<string, string>,
    /** RFC 9457 extension members the client needs to act (a card's `availableCents`). */
    public readonly extensions?: Pick<Problem, 'availableCents'>,
  ) {
    super(detail ?? code);
    this.name = 'AppError';
  }

  static notFound(detail = 'Not found') {
    return new AppError('not_found', 404, detail);
  }
  static unauthenticated(detail = 'Sign-in required') {
    return new AppError('unauthenticated', 401, detail);
  }
  static forbidden(detail = 'Not allowed') {
    return new AppError('forbidden', 403, detail);
  }
  static validation(fields: Record<string, string>, detail = 'Some fields are not valid') {
    return new AppError('validation_failed', 400, detail, fields);
  }
  static conflict(code: ErrorCode = 'conflict', detail = 'Conflict') {
    return new AppError(code, 409, detail);
  }
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  code: ErrorCode,
  detail?: string,
  fields?: Record<string, string>,
): Problem {
  return {
    type: status >= 500 ? 'about:blank' : `https://regalo.app/problems/${code}`,
    title: titles[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'validation_failed';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    let body: Problem;
    if (error instanceof AppError) {
      body = { ...problem(error.status, error.code, error.message, error.fields), ...error.extensions };
    } else if (isDatabaseUnavailable(error)) {
      // The database is away or stalled (ADR 056): "try again shortly", not a server bug.
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      body = problem(503, 'database_unavailable', 'The database is not reachable right now; try again shortly');
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const key = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.') || 'body';
        const issue = v.params?.issue as { message?: string } | undefined;
        fields[key] ??= issue?.message ?? v.message ?? 'invalid';
      }
      body = problem(400, 'validation_failed', 'Some fields are not valid', fields);
    } else {
      const status =
        'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400
          ? error.statusCode
          : 500;
      // Never leak internals of unexpected failures to the client.
      const detail = status >= 500 ? 'Something went wrong' : error.message;
      body = problem(status, codeForStatus(status), detail);
    }
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status: body.status }, 'request rejected');
    void reply.status(body.status).type('application/problem+json').send(body);
  });

}
