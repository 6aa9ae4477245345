import { deviceApiPaths, type DeviceInfo } from '@raumregler/contract';
import { apiGet, basicAuthorization } from '@/lib/api-client';

type Credentials = { username: string; password: string };

const ask = (credentials: Credentials) =>
  apiGet<DeviceInfo>(deviceApiPaths.info(), {
    headers: { Authorization: basicAuthorization(credentials.username, credentials.password) },
  });

/** How long an early answer may stand in for a fresh question. */
const EARLY_ANSWER_MS = 10_000;
let early: { credentials: Credentials; at: number; answer: Promise<DeviceInfo> } | null = null;

/**
 * Asks at start-up, before the signed-in frame's code has arrived (app/start-requests.ts); the
 * frame's first verify then takes this answer instead of asking again.
 */
export function startDeviceInfo(credentials: Credentials): void {
  const answer = ask(credentials);
  answer.catch(() => undefined);
  early = { credentials, at: Date.now(), answer };
}

/** Signing in is this call with Basic credentials: 200 = signed in, 401 = wrong details. */
export function getDeviceInfo(credentials: Credentials): Promise<DeviceInfo> {
  const started = early;
  early = null;
  if (
    started &&
    started.credentials.username === credentials.username &&
    started.credentials.password === credentials.password &&
    Date.now() - started.at < EARLY_ANSWER_MS
  )
    return started.answer;
  return ask(credentials);
}
