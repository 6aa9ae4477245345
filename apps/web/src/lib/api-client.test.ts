import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mock, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost, basicAuthorization, OWN_SERVER, toFormData } from './api-client';
import type { ApiError } from './api-error';
import { writeStoredAuth } from './auth-storage';
import { currentReachability } from './connection';
import { resetHouse } from './house';

const api = (path: string) => `${window.location.origin}/api${path}`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function signIn(username = 'demo', password = 'pässwort') {
  writeStoredAuth({ macAddress: 'localhost', username, password, deviceInfo: null }, true);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('GET', () => {
  it('sends Basic credentials of the stored user, asks for JSON, and prefixes /api', async () => {
    signIn();
    let seen: Headers | undefined;
    server.use(
      mock.get(api('/get/json/v1/1/info/'), ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ name: 'Musterhaus' });
      }),
    );
    await expect(apiGet('/get/json/v1/1/info/')).resolves.toEqual({ name: 'Musterhaus' });
    expect(seen?.get('authorization')).toBe(basicAuthorization('demo', 'pässwort'));
    expect(seen?.get('authorization')).toBe(
      `Basic ${Buffer.from('demo:pässwort', 'utf8').toString('base64')}`,
    );
    expect(seen?.get('accept')).toBe('application/json');
    expect(seen?.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    let seen: Headers | undefined;
    server.use(
      mock.get(api('/app-config'), ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({});
      }),
    );
    await apiGet('/app-config');
    expect(seen?.has('authorization')).toBe(false);
  });
});

describe('POST', () => {
  it('sends multipart form data: user and password first, then the payload', async () => {
    signIn('verwalter', 'geheim');
    let body: FormData | undefined;
    server.use(
      mock.post(api('/set/json/v1/1/ziel/3/'), async ({ request }) => {
        body = await request.formData();
        return HttpResponse.json({ id: 3 });
      }),
    );
    const answer = await apiPost('/set/json/v1/1/ziel/3/', { ziel: '21.5', duration: 60 });
    expect(answer).toEqual({ status: 200, data: { id: 3 } });
    expect([...body!.entries()]).toEqual([
      ['user', 'verwalter'],
      ['password', 'geheim'],
      ['ziel', '21.5'],
      ['duration', '60'],
    ]);
  });

  it('writes arrays as name[index], keeps blobs, skips null and the payload’s own credentials', () => {
    const file = new Blob(['plan'], { type: 'text/plain' });
    const form = toFormData(
      {
        user: 'intruder',
        password: 'nope',
        rooms: [1, 2],
        plan: file,
        note: null,
        gone: undefined,
        active: true,
      },
      { username: 'demo', password: 'demo1234' },
    );
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual([
      'user',
      'password',
      'rooms[0]',
      'rooms[1]',
      'plan',
      'active',
    ]);
    expect(form.get('user')).toBe('demo');
    expect(form.get('password')).toBe('demo1234');
    expect(form.get('rooms[1]')).toBe('2');
    expect(form.get('plan')).toBeInstanceOf(Blob);
    expect(form.get('active')).toBe('true');
  });
});

describe('errors', () => {
  it('rejects with Network Error and the networkError flag when nothing answers', async () => {
    server.use(mock.get(api('/get/json/v1/1/temps/'), () => HttpResponse.error()));
    const error = await rejection(apiGet('/get/json/v1/1/temps/'));
    expect(error.message).toBe('Network Error');
    expect(error.networkError).toBe(true);
    expect(currentReachability()).toBe('unreachable');
  });

  it('marks the device reachable again as soon as anything answers', async () => {
    server.use(mock.get(api('/app-config'), () => HttpResponse.json({})));
    await apiGet('/app-config');
    expect(currentReachability()).toBe('reachable');
  });

  it('rejects with Timeout Error and the timeout flag when the answer takes too long', async () => {
    // A real server that takes every request and never answers (msw cannot stall an XHR).
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const baseURL = `http://127.0.0.1:${port}`;
    server.use(mock.get(`${baseURL}/temps`, () => passthrough()));
    try {
      const started = performance.now();
      const error = await rejection(apiGet('/temps', { baseURL, timeout: 150 }));
      const waited = performance.now() - started;
      expect(error.message).toBe('Timeout Error');
      expect(error.timeout).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(140);
      expect(waited).toBeLessThan(2_000);
      expect(currentReachability()).toBe('unreachable');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('takes the server’s message and spreads messages, data, status and body in', async () => {
    const body = {
      error: 'validation_failed',
      message: 'Sollwert außerhalb der Grenzen',
      messages: { soll: ['zu hoch'] },
    };
    server.use(
      mock.post(api('/set/json/v1/1/soll/1/'), () => HttpResponse.json(body, { status: 400 })),
    );
    const error = await rejection(apiPost('/set/json/v1/1/soll/1/', { soll: '40.0' }));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Sollwert außerhalb der Grenzen');
    expect(error.status).toBe(400);
    expect(error.messages).toEqual({ soll: ['zu hoch'] });
    expect(error.data).toEqual(body);
    expect(error.error).toBe('validation_failed');
  });

  it('keeps the device reachable when a 502 says it refused or did not take a write', async () => {
    server.use(
      mock.post(api('/set/json/v1/1/ziel/5/'), () =>
        HttpResponse.json(
          { error: 'not_applied', message: 'did not take 23 °C', value: 23 },
          { status: 502 },
        ),
      ),
    );
    const error = await rejection(apiPost('/set/json/v1/1/ziel/5/', { ziel: '23.0' }));
    expect(error).toMatchObject({ status: 502, error: 'not_applied', value: 23 });
    expect(currentReachability()).toBe('reachable');
    server.use(
      mock.post(api('/set/json/v1/1/ziel/5/'), () =>
        HttpResponse.json({ error: 'upstream_unavailable', message: 'gone' }, { status: 502 }),
      ),
    );
    await rejection(apiPost('/set/json/v1/1/ziel/5/', { ziel: '23.0' }));
    expect(currentReachability()).toBe('unreachable');
  });

  it('takes a real device’s short non-JSON answer to a write as success', async () => {
    for (const [type, text] of [
      ['text/html; charset=utf-8', 'OK'],
      ['text/plain', 'OK'],
      ['text/html', ''],
    ] as const) {
      server.use(
        mock.post(
          api('/set/json/v1/1/ziel/3/'),
          () => new HttpResponse(text, { status: 200, headers: { 'content-type': type } }),
        ),
      );
      const answer = await apiPost('/set/json/v1/1/ziel/3/', { ziel: '21.5' });
      expect(answer).toEqual({ status: 200, data: text });
    }
  });

  it('falls back to "An error occurred." when the server gives no message', async () => {
    server.use(mock.get(api('/broken'), () => new HttpResponse('oops', { status: 500 })));
    const error = await rejection(apiGet('/broken'));
    expect(error.message).toBe('An error occurred.');
    expect(error.status).toBe(500);
    expect(error.data).toBe('oops');
  });

  it('says "An error occurred during error handling." when normalising itself fails', async () => {
    const { HttpError, normalizeApiError } = await import('./api-error');
    const hostile = new HttpError('boom', 'status');
    Object.defineProperty(hostile, 'response', {
      get: () => {
        throw new Error('getter exploded');
      },
    });
    const error = normalizeApiError(hostile);
    expect(error.message).toBe('An error occurred during error handling.');
  });

  it('logs nothing to the console for an ordinary failure', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mock.get(api('/missing'), () => HttpResponse.json({}, { status: 404 })));
    await rejection(apiGet('/missing'));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe("the boot script's early answers", () => {
  // Early answers count only in the page's first 10 s; a loaded machine can take that long to
  // reach these tests, so the page's clock is set to its start-up.
  beforeEach(() => {
    vi.spyOn(performance, 'now').mockReturnValue(2_000);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete window.__raumreglerFirstAnswers;
  });
  const early = (
    status: number,
    text: string,
    authorization = basicAuthorization('demo', 'demo1234'),
  ) => {
    window.__raumreglerFirstAnswers = {
      authorization,
      answers: { '/api/get/json/v1/1/temps/': Promise.resolve({ status, text }) },
    };
  };

  it('answers the first GET of the same path and credentials, once', async () => {
    signIn('demo', 'demo1234');
    early(200, '[{"id":1}]');
    let asked = 0;
    server.use(
      mock.get('*/api/get/json/v1/1/temps/', () => {
        asked += 1;
        return HttpResponse.json([{ id: 2 }]);
      }),
    );
    await expect(apiGet('/get/json/v1/1/temps/')).resolves.toEqual([{ id: 1 }]);
    await expect(apiGet('/get/json/v1/1/temps/')).resolves.toEqual([{ id: 2 }]);
    expect(asked).toBe(1);
  });

  it('turns an early 401 into the same error as a request would', async () => {
    signIn('demo', 'demo1234');
    early(401, '{"error":"unauthorized","message":"Wrong details"}');
    await expect(apiGet('/get/json/v1/1/temps/')).rejects.toMatchObject({ status: 401 });
  });

  it('is not taken after start-up, when it would be a stale stand-in', async () => {
    signIn('demo', 'demo1234');
    early(200, '[{"id":1}]');
    vi.mocked(performance.now).mockReturnValue(10_001);
    server.use(mock.get('*/api/get/json/v1/1/temps/', () => HttpResponse.json([{ id: 4 }])));
    await expect(apiGet('/get/json/v1/1/temps/')).resolves.toEqual([{ id: 4 }]);
  });

  it('is not taken for other credentials', async () => {
    signIn('other', 'secret123');
    early(200, '[{"id":1}]');
    server.use(mock.get('*/api/get/json/v1/1/temps/', () => HttpResponse.json([{ id: 3 }])));
    await expect(apiGet('/get/json/v1/1/temps/')).resolves.toEqual([{ id: 3 }]);
  });
});

describe('X-Raumregler-Client', () => {
  it('marks reads and writes to our own server as the web app', async () => {
    signIn();
    const seen: (string | null)[] = [];
    server.use(
      mock.get(api('/get/json/v1/1/temps/'), ({ request }) => {
        seen.push(request.headers.get('x-raumregler-client'));
        return HttpResponse.json([]);
      }),
      mock.post(api('/set/json/v1/1/ziel/3/'), ({ request }) => {
        seen.push(request.headers.get('x-raumregler-client'));
        return HttpResponse.json({ id: 3 });
      }),
    );
    await apiGet('/get/json/v1/1/temps/');
    await apiPost('/set/json/v1/1/ziel/3/', { ziel: '21.5' });
    expect(seen).toEqual(['web', 'web']);
  });

  it('is not sent to a forwarding host on another origin (it would need a CORS preflight)', async () => {
    signIn();
    let seen: Headers | undefined;
    server.use(
      mock.get('https://haus12.relay.example.com/get/json/v1/1/temps/', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json([]);
      }),
    );
    await apiGet('/get/json/v1/1/temps/', { baseURL: 'https://haus12.relay.example.com' });
    expect(seen?.get('authorization')).toBe(basicAuthorization('demo', 'pässwort'));
    expect(seen?.has('x-raumregler-client')).toBe(false);
  });
});

describe('the building of every call (issue 37)', () => {
  /** A fresh page load at `address`: the building is decided anew (lib/house.ts). */
  const open = (address: string) => {
    window.history.replaceState(null, '', address);
    resetHouse();
  };
  afterEach(() => window.history.replaceState(null, '', '/'));

  /** Every request the server sees, as path and query. */
  function record() {
    const seen: string[] = [];
    const note = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}${url.search}`);
    };
    server.use(
      mock.get(api('/app-config'), (info) => {
        note(info);
        return HttpResponse.json({ houseId: 3, deviceUrlTemplate: null });
      }),
      mock.get(`${window.location.origin}/*`, (info) => {
        note(info);
        return HttpResponse.json({});
      }),
      mock.post(`${window.location.origin}/*`, (info) => {
        note(info);
        return HttpResponse.json({});
      }),
    );
    return seen;
  }

  it('with ?house=N: device paths carry N, and every /api request house=N', async () => {
    open('/re/home/?house=2');
    signIn();
    const seen = record();
    await apiGet('/get/json/v1/1/temps/');
    await apiPost('/set/json/v1/1/ziel/4/', { ziel: '21.5' });
    await apiGet('/alarms/?state=open', OWN_SERVER);
    await apiPost('/rooms/4/limits', { min: 16 }, OWN_SERVER);
    await apiGet('/app-config', OWN_SERVER);
    expect(seen).toEqual([
      'GET /api/get/json/v1/2/temps/',
      'POST /api/set/json/v1/2/ziel/4/',
      'GET /api/alarms/?state=open&house=2',
      'POST /api/rooms/4/limits?house=2',
      'GET /api/app-config?house=2',
    ]);
  });

  it('keeps the tab’s choice after in-app navigation and on a reload without the query', async () => {
    open('/re/home/?house=2');
    signIn();
    const seen = record();
    // The app's first request (its config) reads the address.
    await apiGet('/app-config', OWN_SERVER);
    open('/re/home/room-control/smart/room/1');
    seen.length = 0;
    await apiGet('/get/json/v1/1/temps/1/');
    await apiGet('/absences/', OWN_SERVER);
    expect(seen).toEqual(['GET /api/get/json/v1/2/temps/1/', 'GET /api/absences/?house=2']);
  });

  it('without a choice, asks the app config once for the house id; our /api needs no house', async () => {
    open('/re/home/');
    signIn();
    const seen = record();
    await Promise.all([apiGet('/get/json/v1/1/info/'), apiGet('/get/json/v1/1/permissions/')]);
    await apiGet('/alarms/', OWN_SERVER);
    await apiGet('/get/json/v1/1/temps/');
    expect(seen).toEqual([
      'GET /api/app-config',
      'GET /api/get/json/v1/3/info/',
      'GET /api/get/json/v1/3/permissions/',
      'GET /api/alarms/',
      'GET /api/get/json/v1/3/temps/',
    ]);
  });
});
