import type { MqttStatus } from '@raumregler/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { showLastRooms } from '@/lib/last-rooms';
import { apiUrl, HttpResponse, mock, TestProviders, testQueryClient } from '@/lib/testing';
import { ConnectionBanner } from './connection-banner';

afterEach(() => act(() => showLastRooms(null)));

describe('the connection banner with the last known rooms (issue 32)', () => {
  it('says "Stand HH:MM" for rooms of today, with the date for older ones, and goes with live rooms', () => {
    render(
      <TestProviders>
        <ConnectionBanner />
      </TestProviders>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const today = new Date();
    today.setHours(7, 40, 0, 0);
    act(() => showLastRooms(today.getTime()));
    expect(screen.getByRole('alert')).toHaveTextContent('Keine Verbindung zum Regler.');
    expect(screen.getByTestId('last-known-rooms')).toHaveTextContent(
      /^Stand 07:40: die zuletzt bekannten Werte\./,
    );
    act(() => showLastRooms(new Date(2026, 0, 5, 18, 5).getTime()));
    expect(screen.getByTestId('last-known-rooms')).toHaveTextContent(/^Stand 05\.01\.2026, 18:05:/);
    act(() => showLastRooms(null));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the gateway banner (issue 36)', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = new Date();
  const at = (day: Date, time: string) =>
    `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T${time}+01:00`;
  let status: MqttStatus;
  let asked = 0;
  const server = setupServer(
    mock.get(apiUrl('/mqtt/status'), () => {
      asked += 1;
      return HttpResponse.json(status);
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    asked = 0;
    writeStoredAuth({
      macAddress: 'localhost',
      username: 'demo',
      password: 'demo1234',
      deviceInfo: null,
    });
  });

  const connected = (value: boolean, since = at(today, '07:40:00')): MqttStatus => ({
    enabled: true,
    broker: { connected: value, since },
    zigbee2mqtt: { base_topic: 'zigbee2mqtt', bridge: 'online', devices: 3 },
    discovery: { enabled: true, prefix: 'homeassistant' },
  });

  it('says "Funk-Gateway nicht erreichbar seit 07:40" while the broker is away, and goes when it is back', async () => {
    status = connected(false);
    const client = testQueryClient();
    render(
      <TestProviders client={client}>
        <ConnectionBanner signedIn />
      </TestProviders>,
    );
    const banner = await screen.findByTestId('gateway-banner');
    expect(banner).toHaveTextContent('Funk-Gateway nicht erreichbar seit 07:40.');
    expect(banner).toHaveTextContent('Änderungen werden gespeichert');
    // Not the controller's banner: the controller answers.
    expect(screen.queryByRole('alert')).toBeNull();
    status = connected(true);
    await act(() => client.refetchQueries({ queryKey: ['mqtt-status'] }));
    await waitFor(() => expect(screen.queryByTestId('gateway-banner')).toBeNull());
  });

  it('names the date when the gateway has been away since another day', async () => {
    status = connected(false, '2025-01-05T18:05:00+01:00');
    render(
      <TestProviders>
        <ConnectionBanner signedIn />
      </TestProviders>,
    );
    expect(await screen.findByTestId('gateway-banner')).toHaveTextContent(
      'Funk-Gateway nicht erreichbar seit 5. Jan. 2025, 18:05.',
    );
  });

  it('shows nothing and asks once without MQTT, and nothing signed out', async () => {
    status = { enabled: false, broker: null, zigbee2mqtt: null, discovery: null };
    const { unmount } = render(
      <TestProviders>
        <ConnectionBanner signedIn />
      </TestProviders>,
    );
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByTestId('gateway-banner')).toBeNull();
    unmount();
    asked = 0;
    status = connected(false);
    render(
      <TestProviders>
        <ConnectionBanner />
      </TestProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(0);
    expect(screen.queryByTestId('gateway-banner')).toBeNull();
  });
});
