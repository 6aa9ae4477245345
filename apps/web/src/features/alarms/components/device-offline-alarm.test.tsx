import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { alarm } from '../testing';
import { AlarmsView } from './alarms-view';

// Issue 32: the controller not answering is an alarm of no room, no floor and no value.
const offline = alarm({
  id: 9,
  room: null,
  room_name: null,
  floor: null,
  kind: 'device-offline',
  since: '2026-11-23T07:40:00+01:00',
  value: null,
  target: null,
});
const server = setupServer(
  mock.get(apiUrl('/alarms/'), () => HttpResponse.json({ alarms: [offline] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() =>
  writeStoredAuth({ macAddress: 'localhost', username: 'chef', password: 'x', deviceInfo: null }),
);
afterAll(() => server.close());

describe('a device-offline alarm', () => {
  it('is headed by its kind, without a room link, floor or value, and can be acknowledged', async () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <AlarmsView mayManage roomHref={(id) => `/room/${id}`} floorLabel={(name) => name} />
        </MemoryRouter>
      </TestProviders>,
    );
    const openList = await screen.findByRole('list', { name: 'Offene Alarme' });
    const item = within(openList).getByTestId('alarm');
    expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Regler nicht erreichbar',
    );
    expect(within(item).queryByRole('link')).toBeNull();
    expect(item).not.toHaveTextContent('Wert / Ziel');
    expect(item).not.toHaveTextContent('null');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Quittieren: Regler nicht erreichbar' }),
    );
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      /Regler nicht erreichbar seit .*07:40/,
    );
  });
});
