import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { useDeviceMode } from './get-app-config';

const base = { buildingName: 'Musterhaus', demoLogin: null, deviceUrlTemplate: null };
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders>{children}</TestProviders>
);
const modeFor = (answer: () => Response) => {
  server.use(mock.get(apiUrl('/app-config'), answer));
  return renderHook(() => useDeviceMode(), { wrapper });
};

describe('useDeviceMode: proxy mode from the app-config (issue 33)', () => {
  it('is unknown while the configuration loads, then what the server says', async () => {
    const { result } = modeFor(() => HttpResponse.json({ ...base, deviceMode: 'proxy' }));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe('proxy'));
  });

  it('counts a server that does not say, or a failed load, as our own building', async () => {
    const quiet = modeFor(() => HttpResponse.json(base));
    await waitFor(() => expect(quiet.result.current).toBe('simulation'));
    quiet.unmount();
    const failed = modeFor(() => HttpResponse.json({ error: 'x', message: 'x' }, { status: 500 }));
    await waitFor(() => expect(failed.result.current).toBe('simulation'));
  });
});
