import { act, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, TestProviders, testQueryClient } from '@/lib/testing';
import { BuildingDataProvider, useBuildingData } from './building-data-provider';

let tempsCalls = 0;
const server = setupServer(
  mock.get(apiUrl('/get/json/v1/1/temps/'), () => {
    tempsCalls += 1;
    return HttpResponse.json([{ id: 1, etagenname: 'EG', raeume: [] }]);
  }),
  mock.get(apiUrl('/get/json/v1/1/permissions/'), () =>
    HttpResponse.json({ access_to_smart: 'full', access_to_pro: 'read' }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  tempsCalls = 0;
});
afterAll(() => server.close());

function setup(enabled: boolean) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders client={client}>
      <BuildingDataProvider enabled={enabled}>{children}</BuildingDataProvider>
    </TestProviders>
  );
  return { client, ...renderHook(() => useBuildingData(), { wrapper }) };
}

describe('BuildingDataProvider', () => {
  it('loads nothing while nobody is signed in', async () => {
    const { result } = setup(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(tempsCalls).toBe(0);
    expect(result.current.temps.fetchStatus).toBe('idle');
  });

  it('loads temps and permissions once signed in, and reloads on invalidation', async () => {
    const { result, client } = setup(true);
    await waitFor(() => expect(result.current.temps.data).toHaveLength(1));
    await waitFor(() => expect(result.current.permissions.data?.access_to_pro).toBe('read'));
    expect(tempsCalls).toBe(1);
    await act(() => client.invalidateQueries({ queryKey: ['temps'] }));
    expect(tempsCalls).toBe(2);
  });

  it('throws when used outside its provider', () => {
    expect(() => renderHook(() => useBuildingData())).toThrow(
      'useBuildingData must be used inside BuildingDataProvider',
    );
  });
});
