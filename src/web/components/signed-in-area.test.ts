import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { reportApiError, type AreaSettings } from './signed-in-area';

/* The one failure toast of the three signed-in areas: who is told, when, and with which words. */
const toastError = vi.hoisted(() => vi.fn());
const refreshSession = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('./ui/toast', () => ({ toast: { error: toastError } }));
vi.mock('@web/lib/session', () => ({ refreshSession }));
vi.mock('@web/lib/text', () => ({
  getText: (namespace: string) => (key: string, options?: { defaultValue?: string }) =>
    key === 'errors.default' || key === 'errors.rate_limited' || key === 'error' ? `${namespace}:${key}` : (options?.defaultValue ?? key),
  useText: () => ({ t: (key: string) => key }),
}));

const settings: AreaSettings = { texts: 'admin', sessionEndsOn: [401, 403] };
const problem = (status: number, code: string) => new ApiError(status, { type: 'about:blank', title: code, status, code });

beforeEach(() => {
  toastError.mockClear();
  refreshSession.mockClear();
});

describe('reportApiError', () => {
  it("toasts the area's sentence for the problem's code, one toast per code", () => {
    reportApiError(settings, problem(429, 'rate_limited'));
    expect(toastError).toHaveBeenCalledWith('common:error', { id: 'api-error-rate_limited', description: 'admin:errors.rate_limited' });
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('falls back to the default sentence for an unknown code or a network failure', () => {
    reportApiError(settings, problem(500, 'mystery'));
    reportApiError(settings, new TypeError('Failed to fetch'));
    expect(toastError.mock.calls.map(([, options]) => options)).toEqual([
      { id: 'api-error-mystery', description: 'admin:errors.default' },
      { id: 'api-error-default', description: 'admin:errors.default' },
    ]);
  });

  it('reads the session again after the answers that say it ended or lost its role', () => {
    reportApiError(settings, problem(401, 'unauthorized'));
    reportApiError(settings, problem(403, 'forbidden'));
    reportApiError({ texts: 'dashboard' }, problem(403, 'forbidden')); // 401 only, by default
    reportApiError({ texts: 'app' }, problem(401, 'unauthorized'));
    expect(refreshSession).toHaveBeenCalledTimes(3);
  });

  it('says nothing for an aborted request or a screen that shows the error itself', () => {
    reportApiError(settings, new DOMException('gone', 'AbortError'));
    reportApiError(settings, problem(400, 'invalid'), { meta: { inlineError: true } });
    reportApiError(settings, problem(429, 'rate_limited'), { meta: { ownMessageFor: ['rate_limited'] } });
    expect(toastError).not.toHaveBeenCalled();
    reportApiError(settings, problem(400, 'invalid'), { meta: { ownMessageFor: ['rate_limited'] } });
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});
