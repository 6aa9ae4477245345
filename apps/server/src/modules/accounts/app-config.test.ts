import type { AppConfig } from '@raumregler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

async function appConfig(config: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer(config);
  const response = await server.request('/api/app-config');
  expect(response.status).toBe(200);
  return (await response.json()) as AppConfig;
}

describe('GET /app-config', () => {
  it('answers without credentials: building name, demo login, closed registration', async () => {
    expect(await appConfig()).toEqual({
      buildingName: 'Musterhaus',
      demoLogin: { username: 'demo', password: 'demo1234' },
      deviceUrlTemplate: null,
      registrationOpen: false,
    });
  });

  it('says registration is open when ALLOW_REGISTRATION opened it', async () => {
    expect(await appConfig({ config: { allowRegistration: true } })).toMatchObject({
      registrationOpen: true,
    });
  });
});
