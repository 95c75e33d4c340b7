// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from './language';
import { getAuthOptions, signUpWithEmail, startGoogleSignIn } from './auth-client';

function stubFetch(...responses: Array<Response | Error>) {
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth client', () => {
  it('signs up with the metadata, the interface language and the way back to /app', async () => {
    await changeLanguage('es');
    const fetchMock = stubFetch(json({ user: { id: 'u1' } }));
    await signUpWithEmail({ name: 'Lucía', email: 'lucia@example.test', password: 'naranjas-2026', phone: '+34612345678' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/sign-up/email');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toEqual({
      name: 'Lucía',
      email: 'lucia@example.test',
      password: 'naranjas-2026',
      phone: '+34612345678',
      locale: 'es',
      callbackURL: '/app',
    });
    expect((init!.headers as Record<string, string>)['x-regalo-locale']).toBe('es');
  });

  it('leaves out an empty phone', async () => {
    const fetchMock = stubFetch(json({ user: { id: 'u1' } }));
    await signUpWithEmail({ name: 'Pere', email: 'pere@example.test', password: 'naranjas-2026', phone: null });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).not.toHaveProperty('phone');
  });

  it('turns failures into coded errors', async () => {
    stubFetch(json({ code: 'USER_ALREADY_EXISTS', message: 'User already exists.' }, 422), new TypeError('Failed to fetch'));
    const input = { name: 'A', email: 'a@example.test', password: 'naranjas-2026', phone: null };
    await expect(signUpWithEmail(input)).rejects.toMatchObject({ status: 422, code: 'USER_ALREADY_EXISTS' });
    await expect(signUpWithEmail(input)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('goes to the authorization URL the server returns for Google', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = stubFetch(json({ url: 'http://127.0.0.1:9/authorize?x=1', redirect: true }));
    await startGoogleSignIn();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ provider: 'google', callbackURL: '/app' });
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/authorize?x=1');
  });

  it('falls back to the generic OAuth sign-in when Google is a configured OpenID provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = stubFetch(json({ code: 'PROVIDER_NOT_FOUND' }, 404), json({ url: 'http://127.0.0.1:9/authorize' }));
    await startGoogleSignIn();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/sign-in/oauth2');
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/authorize');
  });

  it('reads whether Google is offered, treating a missing answer as no', async () => {
    stubFetch(json({ google: true }), json({}));
    expect(await getAuthOptions()).toEqual({ google: true });
    expect(await getAuthOptions()).toEqual({ google: false });
  });
});
