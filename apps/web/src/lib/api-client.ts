import axios, { type AxiosRequestConfig } from 'axios';
import { normalizeApiError, type ApiError } from './api-error';
import { readStoredAuth } from './auth-storage';
import { GATEWAY_STATUSES, reportReachability } from './connection';
import { apiBaseUrl } from './device';

export const REQUEST_TIMEOUT_MS = 15_000;

/** Credentials of the signed-in user; the auth provider can override them (e.g. during login). */
let credentialsOverride: { username: string; password: string } | null = null;
export function setRequestCredentials(credentials: { username: string; password: string } | null) {
  credentialsOverride = credentials;
}
function currentCredentials() {
  if (credentialsOverride) return credentialsOverride;
  const stored = readStoredAuth();
  return stored ? { username: stored.username, password: stored.password } : null;
}

let deviceUrlTemplate: string | null = null;
/** Set once from the server's app config: where a non-local host forwards API calls. */
export function setDeviceUrlTemplate(template: string | null) {
  deviceUrlTemplate = template;
}

export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  if (typeof config.url === 'string' && config.url.startsWith('/') && !config.baseURL) {
    config.baseURL = apiBaseUrl(window.location.hostname, deviceUrlTemplate);
  }
  config.headers.set('Accept', 'application/json');
  // Tells the server not to send a Basic challenge, which would open the browser's own dialog.
  config.headers.set('X-Requested-With', 'XMLHttpRequest');
  return config;
});

http.interceptors.response.use(
  (response) => {
    reportReachability('reachable');
    return response;
  },
  (error: unknown) => {
    const normalized: ApiError = normalizeApiError(error);
    const unreachable =
      normalized.networkError === true ||
      normalized.timeout === true ||
      (normalized.status !== undefined && GATEWAY_STATUSES.includes(normalized.status));
    reportReachability(unreachable ? 'unreachable' : 'reachable');
    return Promise.reject(normalized);
  },
);

/** The value of an HTTP Basic Authorization header (UTF-8 safe). */
export function basicAuthorization(username: string, password: string) {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** GET with HTTP Basic credentials and JSON headers. */
export async function apiGet<T>(url: string, config: AxiosRequestConfig = {}): Promise<T> {
  const credentials = currentCredentials();
  const response = await http.get<T>(url, {
    ...config,
    headers: {
      'Content-Type': 'application/json',
      ...(credentials
        ? { Authorization: basicAuthorization(credentials.username, credentials.password) }
        : {}),
      ...config.headers,
    },
  });
  return response.data;
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
  }: AxiosRequestConfig & { credentials?: { username: string; password: string } } = {},
) {
  const response = await http.post<T>(
    url,
    toFormData(payload, credentials ?? currentCredentials()),
    config,
  );
  return { status: response.status, data: response.data };
}
