import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDeviceInfo } from '@/features/auth/api/get-device-info';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, testQueryClient } from '@/lib/testing';
import { startFirstRequests } from './start-requests';

const calls: string[] = [];
const server = setupServer(
  mock.get(`${window.location.origin}/api/app-config`, () => {
    calls.push('app-config');
    return HttpResponse.json({ deviceUrlTemplate: null });
  }),
  mock.get(apiUrl('/get/json/v1/1/info/'), () => {
    calls.push('info');
    return HttpResponse.json({ name: 'Musterhaus' });
  }),
  mock.get(apiUrl('/get/json/v1/1/temps/'), () => {
    calls.push('temps');
    return HttpResponse.json([]);
  }),
  mock.get(apiUrl('/get/json/v1/1/permissions/'), () => {
    calls.push('permissions');
    return HttpResponse.json({ access_to_smart: 'full', access_to_pro: 'full' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

const demo = { username: 'demo', password: 'demo1234' };

describe('startFirstRequests', () => {
  it('asks only for the app config while nobody is signed in', async () => {
    const client = testQueryClient();
    startFirstRequests(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['app-config']);
  });

  it('signed in on localhost, sends config, sign-in check and data at once; verify reuses the check', async () => {
    writeStoredAuth({ macAddress: 'localhost', ...demo, deviceInfo: null });
    const client = testQueryClient();
    startFirstRequests(client);
    await expect(getDeviceInfo(demo)).resolves.toEqual({ name: 'Musterhaus' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...calls].sort()).toEqual(['app-config', 'info', 'permissions', 'temps']);
    expect(client.getQueryData(['temps'])).toEqual([]);
    // A later check asks the device again.
    await getDeviceInfo(demo);
    expect(calls.filter((call) => call === 'info')).toHaveLength(2);
  });
});
