import { render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { alarm } from '../testing';
import { RoomAlarmMark } from './room-alarm-mark';

const server = setupServer(
  mock.get(apiUrl('/alarms/'), () =>
    HttpResponse.json({
      alarms: [
        alarm({ id: 1, room: 1, since: '2026-11-23T07:40:00+01:00' }),
        alarm({ id: 2, room: 2, kind: 'sensor-silent' }),
        alarm({
          id: 3,
          room: 3,
          kind: 'device-offline',
          device: 'TRV Küche',
          device_kind: 'thermostat',
          value: null,
          target: null,
        }),
        alarm({
          id: 4,
          room: 3,
          kind: 'battery-low',
          device: 'Sensor Küche',
          device_kind: 'sensor',
          value: 12,
          target: null,
        }),
      ],
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderMarks = (...roomIds: number[]) =>
  render(
    <TestProviders>
      <MemoryRouter>
        {roomIds.map((roomId) => (
          <RoomAlarmMark key={roomId} roomId={roomId} />
        ))}
      </MemoryRouter>
    </TestProviders>,
  );

describe('the room page’s alarm mark', () => {
  it('names the kind and the device-local time, and links to the alarm page', async () => {
    renderMarks(1);
    const mark = await screen.findByRole('link', { name: /^Alarm: zu kalt seit/ });
    // The device's wall clock, whatever the browser's time zone.
    expect(mark).toHaveTextContent(/seit (23\. Nov\., )?07:40$/);
    expect(mark).toHaveAttribute('href', '/alarms');
    expect(screen.queryByText(/Sensor meldet nicht/)).not.toBeInTheDocument();
  });

  it('names a device’s alarm with the device (issue 36)', async () => {
    renderMarks(3);
    expect(
      await screen.findByRole('link', {
        name: /^Alarm: Thermostat nicht erreichbar: TRV Küche seit/,
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: /^Alarm: Batterie schwach \(12\s%\): Sensor Küche seit/ }),
    ).toBeVisible();
  });

  it('shows nothing for a room without an open alarm', async () => {
    renderMarks(7, 1);
    // Room 1's mark shows the list has arrived; room 7 has none.
    await screen.findByRole('link', { name: /zu kalt/ });
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
