import type { Floor, Permissions, Room } from '@raumregler/contract';
import { render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Area } from '@/config/paths';
import { permissionsQueryOptions } from '@/features/rooms/api/get-permissions';
import { tempsQueryOptions } from '@/features/rooms/api/get-temps';
import { BuildingDataProvider } from '@/features/rooms/components/building-data-provider';
import { apiUrl, HttpResponse, mock, TestProviders, testQueryClient } from '@/lib/testing';
import RoomPage from './room-page';

const room = {
  id: 1,
  name: 'Wohnzimmer',
  temperatur: 20.5,
  solltemperatur: 21,
  perm_solltemperatur: 21,
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  sensoren: [],
} as unknown as Room;
const floors = [{ id: 1, etagenname: 'EG', raeume: [room] }] as unknown as Floor[];

const server = setupServer(
  mock.get(apiUrl('/get/json/v1/1/temps/'), () => HttpResponse.json(floors)),
  // The alarm mark (issue 15) asks for the open alarms.
  mock.get(apiUrl('/alarms/'), () => HttpResponse.json({ alarms: [] })),
  mock.get(apiUrl('/absences/'), () => HttpResponse.json({ absences: [] })),
  mock.get(apiUrl('/schedules/1/'), () =>
    HttpResponse.json({
      room: 1,
      week: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderPage(area: Area, permissions: Permissions | undefined) {
  const client = testQueryClient();
  client.setQueryData(tempsQueryOptions().queryKey, floors);
  if (permissions) client.setQueryData(permissionsQueryOptions().queryKey, permissions);
  render(
    <TestProviders client={client}>
      <BuildingDataProvider enabled={false}>
        <MemoryRouter initialEntries={[`/room-control/${area}/room/1`]}>
          <Routes>
            <Route path="/room-control/:area/room/:roomId" element={<RoomPage area={area} />} />
          </Routes>
        </MemoryRouter>
      </BuildingDataProvider>
    </TestProviders>,
  );
  return screen.getByRole('slider', { name: /Wohnzimmer/ });
}

/** Spec §6: pro room pages follow access_to_pro, the others access_to_smart. */
describe('room page rights', () => {
  it('a pro room follows access_to_pro, not a full smart access', () => {
    const dial = renderPage('pro', { access_to_smart: 'full', access_to_pro: 'read' });
    expect(dial).toHaveAttribute('aria-readonly', 'true');
  });

  it('a smart room follows access_to_smart', () => {
    const dial = renderPage('smart', { access_to_smart: 'full', access_to_pro: 'read' });
    expect(dial).not.toHaveAttribute('aria-readonly');
  });

  it('permanent access in the page’s area allows changes, read access does not', () => {
    const dial = renderPage('pro', { access_to_smart: 'read', access_to_pro: 'permanent' });
    expect(dial).not.toHaveAttribute('aria-readonly');
  });

  it('nobody gets a changeable dial before the permissions are known', () => {
    const dial = renderPage('smart', undefined);
    expect(dial).toHaveAttribute('aria-readonly', 'true');
  });
});

/** Issue 16: a room under an absence says so under its name, until when. */
describe('room page absence', () => {
  it('shows "Abwesend bis" with the end (and year) of the absence that holds the room', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(2030, 0, 12, 18, 0).toISOString();
    server.use(
      mock.get(apiUrl('/absences/'), () =>
        HttpResponse.json({
          absences: [
            { id: 1, name: 'Ferien', from, to, target: 16, rooms: [1], created_by: 'demo' },
            { id: 2, name: 'Andere', from, to, target: 16, rooms: [2], created_by: 'demo' },
          ],
        }),
      ),
    );
    renderPage('smart', { access_to_smart: 'full', access_to_pro: 'full' });
    expect(await screen.findByText('Abwesend bis 12.01.2030, 18:00')).toBeInTheDocument();
    expect(screen.getByText('– Ferien')).toBeInTheDocument();
  });
});
