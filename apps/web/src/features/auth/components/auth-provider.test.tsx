import { act, renderHook } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, readStoredAuth, writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders, testQueryClient } from '@/lib/testing';
import { AuthProvider, useAuth } from './auth-provider';

const info = { name: 'Musterhaus', mac: 'localhost' };
const server = setupServer(
  mock.get(apiUrl('/get/json/v1/1/info/'), ({ request }) =>
    request.headers.get('authorization') === `Basic ${btoa('demo:demo1234')}`
      ? HttpResponse.json(info)
      : HttpResponse.json({ error: 'unauthorized', message: 'Wrong details' }, { status: 401 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Runs `action` inside act and answers what it threw, so React still applies the state updates. */
async function failureOf(action: () => Promise<unknown>): Promise<Error> {
  let failure: unknown;
  await act(async () => {
    await action().catch((error: unknown) => {
      failure = error;
    });
  });
  if (!(failure instanceof Error)) throw new Error('expected the action to fail');
  return failure;
}

function setup(client = testQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders client={client}>
      <AuthProvider>{children}</AuthProvider>
    </TestProviders>
  );
  return { client, ...renderHook(() => useAuth(), { wrapper }) };
}

const demo = { username: 'demo', password: 'demo1234' };

describe('AuthProvider', () => {
  it('signs in with the info call and stores {macAddress, username, password, deviceInfo}', async () => {
    const { result } = setup();
    await act(() => result.current.login({ ...demo, remember: true }));
    const expected = { macAddress: 'localhost', ...demo, deviceInfo: info };
    expect(result.current.auth).toEqual(expected);
    expect(result.current.currentUser).toEqual(expected);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(expected);
  });

  it('goes on with a changed password, kept where the sign-in was kept', async () => {
    for (const remember of [true, false]) {
      const { result } = setup();
      await act(() => result.current.login({ ...demo, remember }));
      act(() => result.current.updatePassword('neues-passwort'));
      const expected = { macAddress: 'localhost', username: 'demo', password: 'neues-passwort' };
      expect(result.current.auth).toMatchObject(expected);
      expect(result.current.currentUser).toMatchObject(expected);
      const kept = (remember ? localStorage : sessionStorage).getItem(AUTH_STORAGE_KEY);
      expect(JSON.parse(kept!)).toMatchObject({ ...expected, deviceInfo: info });
      expect((remember ? sessionStorage : localStorage).getItem(AUTH_STORAGE_KEY)).toBeNull();
      act(() => result.current.logout());
    }
  });

  it('keeps an unremembered sign-in in session storage only', async () => {
    const { result } = setup();
    await act(() => result.current.login({ ...demo, remember: false }));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it('a failed login clears what was stored and raises "Login error: …"', async () => {
    writeStoredAuth({ macAddress: 'localhost', ...demo, deviceInfo: null });
    const { result } = setup();
    const failure = await failureOf(() =>
      result.current.login({ username: 'demo', password: 'nope', remember: true }),
    );
    expect(failure.message).toBe('Login error: Wrong details');
    expect(result.current.auth).toBeNull();
    expect(readStoredAuth()).toBeNull();
  });

  it('starts signed in from storage, before any request', () => {
    writeStoredAuth({ macAddress: 'localhost', ...demo, deviceInfo: null }, false);
    const { result } = setup();
    expect(result.current.auth?.username).toBe('demo');
  });

  it('verify keeps a user whose credentials the device accepts', async () => {
    writeStoredAuth({ macAddress: 'localhost', ...demo, deviceInfo: null });
    const { result } = setup();
    await act(() => result.current.verify());
    expect(result.current.currentUser?.username).toBe('demo');
  });

  it('verify signs out on a 401 and raises "User verify request failed!"', async () => {
    writeStoredAuth({
      macAddress: 'localhost',
      username: 'demo',
      password: 'old',
      deviceInfo: null,
    });
    const { result, client } = setup();
    client.setQueryData(['temps'], [{ id: 1 }]);
    expect((await failureOf(() => result.current.verify())).message).toBe(
      'User verify request failed!',
    );
    expect(result.current.auth).toBeNull();
    expect(readStoredAuth()).toBeNull();
    expect(client.getQueryData(['temps'])).toBeUndefined();
  });

  it('verify does not sign out when the device cannot be reached', async () => {
    server.use(mock.get(apiUrl('/get/json/v1/1/info/'), () => HttpResponse.error()));
    writeStoredAuth({ macAddress: 'localhost', ...demo, deviceInfo: null });
    const { result } = setup();
    expect((await failureOf(() => result.current.verify())).message).toBe(
      'User verify request failed!',
    );
    expect(result.current.auth?.username).toBe('demo');
    expect(readStoredAuth()?.username).toBe('demo');
  });

  it('logout clears both storages and the query cache', async () => {
    const { result, client } = setup();
    await act(() => result.current.login({ ...demo, remember: true }));
    sessionStorage.setItem(AUTH_STORAGE_KEY, '{}');
    client.setQueryData(['permissions'], { access_to_smart: 'full' });
    act(() => result.current.logout());
    expect(result.current.auth).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(client.getQueryData(['permissions'])).toBeUndefined();
  });

  it('registration saves the auth data, then fetches the user; failure raises "Error …"', async () => {
    let form: FormData | undefined;
    server.use(
      mock.post(apiUrl('/register'), async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ message: 'ok' });
      }),
      mock.get(apiUrl('/user'), () => HttpResponse.json({ id: 9, username: 'neu@example.com' })),
    );
    const { result } = setup();
    const payload = {
      email: 'neu@example.com',
      password: 'geheim12',
      password_confirmation: 'geheim12',
    };
    await act(() => result.current.register(payload));
    expect(form?.get('email')).toBe('neu@example.com');
    expect(form?.get('password')).toBe('geheim12');
    expect(form?.get('password_confirmation')).toBe('geheim12');
    expect(result.current.user).toMatchObject({ id: 9 });
    expect(readStoredAuth()?.username).toBe('neu@example.com');

    server.use(
      mock.post(apiUrl('/register'), () =>
        HttpResponse.json({ message: 'Registration is closed' }, { status: 403 }),
      ),
    );
    expect((await failureOf(() => result.current.register(payload))).message).toBe(
      'Error Registration is closed',
    );
    expect(readStoredAuth()).toBeNull();
  });

  it('useAuth throws outside its provider', () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used inside AuthProvider');
  });
});
