import {
  accountPaths,
  CLIENT_HEADER,
  DEFAULT_HOUSE_ID,
  DEVICE_ANSWERED_CODES,
  WEB_CLIENT,
  type AppConfig,
} from '@raumregler/contract';
import { HttpError, normalizeApiError, type ApiError } from './api-error';
import { readStoredAuth } from './auth-storage';
import { GATEWAY_STATUSES, reportReachability } from './connection';
import { apiBaseUrl } from './device';
import { chosenHouse, currentHouse, houseReady, setConfiguredHouse } from './house';

export const REQUEST_TIMEOUT_MS = 15_000;

/** Credentials of the signed-in user, as stored at sign-in. */
function currentCredentials() {
  const stored = readStoredAuth();
  return stored ? { username: stored.username, password: stored.password } : null;
}

let deviceUrlTemplate: string | null = null;
/** Set once from the server's app config: where a non-local host forwards API calls. */
export function setDeviceUrlTemplate(template: string | null) {
  deviceUrlTemplate = template;
}

/**
 * Our own endpoints (history, audit, …) exist only on the server that served this page, never on
 * a forwarding host or a real device: they always go to the same origin's /api.
 */
export const OWN_SERVER = { baseURL: '/api' } as const;

/** A device API path (`/get/json/v1/{houseId}/…`, `/set/…`): the house id is its 4th segment. */
const DEVICE_PATH = /^(\/?(?:get|set)\/json\/v1\/)\d+(\/|$)/;

let configLoad: Promise<AppConfig> | null = null;

/**
 * `GET /api/app-config`, always from the app's own origin: this answer says where the device
 * API lives (its forwarding template, applied here, points every later call at the device) and
 * which building the app is opened for when the address names none (lib/house.ts). One request
 * at a time, shared by the app's config query and the calls that wait for the building.
 */
export function loadAppConfig(): Promise<AppConfig> {
  configLoad ??= apiGet<AppConfig>(accountPaths.appConfig, OWN_SERVER)
    .then((config) => {
      setDeviceUrlTemplate(config.deviceUrlTemplate);
      if (Number.isInteger(config.houseId)) setConfiguredHouse(config.houseId);
      return config;
    })
    .finally(() => {
      configLoad = null;
    });
  return configLoad;
}

/** `house=N` on a request to our own server, for a building the address chose (lib/house.ts). */
function withHouseQuery(target: string): string {
  const house = chosenHouse();
  if (house === null || !isOwnServer(target)) return target;
  return `${target}${target.includes('?') ? '&' : '?'}house=${house}`;
}

/**
 * Where a call goes: below the API root, a device API path with the building's house id (once
 * known: the app config may have to say it first), anything else to our server with the
 * building chosen by the address (lib/house.ts).
 */
async function targetOf(url: string, baseURL: string | undefined): Promise<string> {
  const root =
    baseURL ?? (url.startsWith('/') ? apiBaseUrl(window.location.hostname, deviceUrlTemplate) : '');
  let path = url;
  const device = DEVICE_PATH.exec(url);
  if (device) {
    const house = currentHouse() ?? (await houseReady(loadAppConfig, DEFAULT_HOUSE_ID));
    path = url.replace(DEVICE_PATH, `$1${house}$2`);
  }
  const target = root ? `${root.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  return device ? target : withHouseQuery(target);
}

/** Per-call options: another API root, extra headers, another time limit. */
export interface RequestConfig {
  baseURL?: string;
  headers?: Record<string, string>;
  timeout?: number;
}

export interface HttpResponse<T> {
  status: number;
  data: T;
}

/** A JSON body as parsed data; anything else (an HTML error page, plain text) as the text. */
function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Answers the boot script in index.html (boot/first-paint.js) asked for before the code ran. */
interface FirstAnswers {
  authorization: string;
  answers: Record<string, Promise<{ status: number; text: string }> | undefined>;
}
declare global {
  interface Window {
    __raumreglerFirstAnswers?: FirstAnswers;
  }
}
/** Early answers are only taken at start-up, never as a stale stand-in for a later question. */
const FIRST_ANSWERS_MS = 10_000;

/** The boot script's answer to this very GET (same path, same credentials), once. */
function takeFirstAnswer<T>(target: string, headers: Record<string, string>) {
  const first = window.__raumreglerFirstAnswers;
  const answer = first?.answers[target];
  if (!first || !answer || headers.Authorization !== first.authorization) return null;
  delete first.answers[target];
  if (performance.now() > FIRST_ANSWERS_MS) return null;
  return answer.then(
    ({ status, text }) => answerOf<T>(status, text),
    () => {
      throw networkError();
    },
  );
}

/** An answer as the app's response, or, outside 2xx, its status error. */
function answerOf<T>(status: number, text: string): HttpResponse<T> {
  const response = { status, data: parseBody(text) as T };
  if (status >= 200 && status < 300) return response;
  throw new HttpError(`Request failed with status code ${status}`, 'status', response);
}

/**
 * Marks our requests so the server's audit log says `app` rather than `api` (issue 14). The base
 * URL is `/api` on localhost and IP addresses and wherever no `DEVICE_URL_TEMPLATE` is set (the
 * server that served this page), else the per-device forwarding host, another origin
 * (lib/device.ts `apiBaseUrl`). A custom header makes every cross-origin request non-simple, so
 * the browser would first send a CORS preflight that a forwarding host (or a real device behind
 * it) need not answer: the header goes only to our own origin. Writes through a forwarding host
 * are then recorded as `api`.
 */
function isOwnServer(target: string) {
  try {
    return new URL(target, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

const networkError = () => new HttpError('Network Error', 'network');

/**
 * One request over XMLHttpRequest: a few lines instead of a client library (axios was 13 KB gzip
 * of every page). XHR rather than fetch for its built-in timeout and because it is what the
 * app has always spoken (same headers, same multipart bodies).
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function send<T>(
  method: Method,
  url: string,
  body: FormData | string | null,
  { baseURL, headers = {}, timeout = REQUEST_TIMEOUT_MS }: RequestConfig,
): Promise<HttpResponse<T>> {
  const target = await targetOf(url, baseURL);
  const early = method === 'GET' ? takeFirstAnswer<T>(target, headers) : null;
  if (early) return early;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, target, true);
    xhr.timeout = timeout;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    // Tells the server not to send a Basic challenge, which would open the browser's own dialog.
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (isOwnServer(target)) xhr.setRequestHeader(CLIENT_HEADER, WEB_CLIENT);
    xhr.onload = () => {
      try {
        resolve(answerOf<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new HttpError('Request aborted', 'network'));
    xhr.ontimeout = () => reject(new HttpError(`timeout of ${timeout}ms exceeded`, 'timeout'));
    xhr.send(body);
  });
}

/** Sends, reports whether the device answered, and rejects with the app's one error shape. */
async function request<T>(
  method: Method,
  url: string,
  body: FormData | string | null,
  config: RequestConfig,
): Promise<HttpResponse<T>> {
  try {
    const response = await send<T>(method, url, body, config);
    reportReachability('reachable');
    return response;
  } catch (error) {
    const normalized: ApiError = normalizeApiError(error);
    // A 502 that says the device refused or ignored a write is the device answering (issue 33).
    const deviceAnswered =
      typeof normalized.error === 'string' && DEVICE_ANSWERED_CODES.includes(normalized.error);
    const unreachable =
      normalized.networkError === true ||
      normalized.timeout === true ||
      (normalized.status !== undefined &&
        GATEWAY_STATUSES.includes(normalized.status) &&
        !deviceAnswered);
    reportReachability(unreachable ? 'unreachable' : 'reachable');
    throw normalized;
  }
}

/** POST of a ready-made multipart body, for the few calls whose fields are not credentials. */
export const postForm = <T>(url: string, form: FormData, config: RequestConfig = {}) =>
  request<T>('POST', url, form, config);

/** The value of an HTTP Basic Authorization header (UTF-8 safe). */
export function basicAuthorization(username: string, password: string) {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** GET with HTTP Basic credentials and JSON headers. */
export async function apiGet<T>(url: string, config: RequestConfig = {}): Promise<T> {
  const credentials = currentCredentials();
  const response = await request<T>('GET', url, null, {
    ...config,
    headers: {
      ...(credentials
        ? { Authorization: basicAuthorization(credentials.username, credentials.password) }
        : {}),
      ...config.headers,
    },
  });
  return response.data;
}

/**
 * A file from our own server, fetched with the signed-in user's Basic credentials (a plain link
 * cannot carry them) as a Blob: the browser keeps a big answer in its blob store, never as one
 * JavaScript string. The file name is the answer's Content-Disposition one, when it has one.
 * `timeout` 0 waits as long as the answer streams.
 */
export function apiGetFile(
  url: string,
  timeout = 0,
): Promise<{ blob: Blob; filename: string | null }> {
  const credentials = currentCredentials();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', withHouseQuery(`${OWN_SERVER.baseURL}/${url.replace(/^\/+/, '')}`), true);
    xhr.responseType = 'blob';
    xhr.timeout = timeout;
    if (credentials) {
      xhr.setRequestHeader(
        'Authorization',
        basicAuthorization(credentials.username, credentials.password),
      );
    }
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader(CLIENT_HEADER, WEB_CLIENT);
    xhr.onload = () => {
      const blob = xhr.response as Blob;
      if (xhr.status >= 200 && xhr.status < 300) {
        const disposition = xhr.getResponseHeader('Content-Disposition') ?? '';
        resolve({ blob, filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null });
        return;
      }
      void blob.text().then((text) =>
        reject(
          normalizeApiError(
            new HttpError(`Request failed with status code ${xhr.status}`, 'status', {
              status: xhr.status,
              data: parseBody(text),
            }),
          ),
        ),
      );
    };
    xhr.onerror = () => reject(normalizeApiError(networkError()));
    xhr.onabort = () => reject(normalizeApiError(new HttpError('Request aborted', 'network')));
    xhr.ontimeout = () =>
      reject(normalizeApiError(new HttpError(`timeout of ${timeout}ms exceeded`, 'timeout')));
    xhr.send();
  });
}

/**
 * The multipart body of a write: user and password, then every non-null payload field. Files and
 * blobs as they are, arrays as name[index], everything else as a string. The payload's own
 * user/password fields are ignored.
 */
export function toFormData(
  payload: Record<string, unknown>,
  credentials = currentCredentials(),
): FormData {
  const form = new FormData();
  if (credentials) {
    form.append('user', credentials.username);
    form.append('password', credentials.password);
  }
  for (const [name, value] of Object.entries(payload)) {
    if (name === 'user' || name === 'password' || value === null || value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (item === null || item === undefined) return;
        form.append(`${name}[${index}]`, item instanceof Blob ? item : String(item));
      });
    } else form.append(name, String(value));
  }
  return form;
}

/**
 * POST as multipart form data with the credentials inside; answers status and JSON body.
 * `credentials` stands in for the stored ones (registration, before anyone is signed in).
 */
export async function apiPost<T>(
  url: string,
  payload: Record<string, unknown> = {},
  {
    credentials,
    ...config
  }: RequestConfig & { credentials?: { username: string; password: string } } = {},
) {
  const response = await postForm<T>(
    url,
    toFormData(payload, credentials ?? currentCredentials()),
    config,
  );
  return { status: response.status, data: response.data };
}

/** The request's config with the signed-in user's HTTP Basic header (writes without form fields). */
function withBasic(config: RequestConfig): RequestConfig {
  const credentials = currentCredentials();
  return {
    ...config,
    headers: {
      ...(credentials
        ? { Authorization: basicAuthorization(credentials.username, credentials.password) }
        : {}),
      ...config.headers,
    },
  };
}

/**
 * POST of a JSON body (issue 36: a room's device names, which may hold commas and slashes), signed
 * in with HTTP Basic: a JSON body carries no form fields.
 */
export async function apiPostJson<T>(url: string, payload: unknown, config: RequestConfig = {}) {
  const response = await request<T>('POST', url, JSON.stringify(payload), withBasic(config));
  return { status: response.status, data: response.data };
}

/**
 * PATCH as multipart form data with the credentials inside, like every write (the members API,
 * issue 34: only the fields sent change).
 */
export async function apiPatch<T>(
  url: string,
  payload: Record<string, unknown> = {},
  config: RequestConfig = {},
) {
  const response = await request<T>('PATCH', url, toFormData(payload), config);
  return { status: response.status, data: response.data };
}

/** DELETE with HTTP Basic credentials (the members API, issue 34). */
export async function apiDelete<T>(url: string, config: RequestConfig = {}) {
  const response = await request<T>('DELETE', url, null, withBasic(config));
  return { status: response.status, data: response.data };
}
