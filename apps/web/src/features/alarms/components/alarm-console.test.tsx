import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import type { Alarm } from '../api/alarm-types';
import { alarm } from '../testing';
import { AlarmConsole } from './alarm-console';

let alarms: Alarm[] = [];
const asked: string[] = [];
const posted: Record<string, string>[] = [];
const server = setupServer(
  mock.get(apiUrl('/alarms/'), ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json({ alarms });
  }),
  mock.post(apiUrl('/alarms/ack/'), async ({ request }) => {
    const form = Object.fromEntries(await request.formData()) as Record<string, string>;
    posted.push(form);
    const ids = form.ids!.split(',').map(Number);
    return HttpResponse.json({
      acknowledged: ids.filter((id) => id !== 3),
      failed: ids.includes(3) ? [{ id: 3, error: 'conflict' }] : [],
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  posted.length = 0;
});
afterAll(() => server.close());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderConsole(entry = '/alarms', mayManage = true) {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[entry]}>
        <AlarmConsole
          mayManage={mayManage}
          roomHref={(id) => `/room/${id}`}
          floorLabel={(name) => name}
          floors={[
            { id: 1, name: 'EG' },
            { id: 2, name: 'OG' },
          ]}
        />
        <Where />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('the alarm console', () => {
  it('asks the server with the URL filters and keeps changes in the URL', async () => {
    alarms = [alarm({ id: 1 })];
    renderConsole('/alarms?state=all&kind=too-cold,sensor-silent&floor=2&from=2026-11-01T00:00');
    await screen.findByRole('table', { name: 'Alarme, unquittierte zuerst' });
    expect(asked).toEqual([
      '?state=all&kind=too-cold,sensor-silent&floor=2&from=2026-11-01T00%3A00',
    ]);
    expect(screen.getByLabelText('Zustand')).toHaveValue('all');
    expect(screen.getByLabelText('Geschoss')).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'zu kalt' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'zu warm' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'zu kalt' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '?state=all&kind=sensor-silent&floor=2&from=2026-11-01T00%3A00',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(screen.getByTestId('where')).toBeEmptyDOMElement();
  });

  it('selects every filtered unacknowledged alarm and acknowledges them with one note in one request, listing what failed', async () => {
    alarms = [
      alarm({ id: 1, room: 1, room_name: 'Raum 1.01' }),
      alarm({ id: 2, room: 2, room_name: 'Raum 1.02', kind: 'sensor-silent' }),
      alarm({ id: 3, room: 3, room_name: 'Raum 1.03' }),
      alarm({ id: 4, room: 4, room_name: 'Raum 1.04', state: 'acknowledged' }),
    ];
    renderConsole();
    await screen.findByText('4 Alarme');
    // An acknowledged alarm has no checkbox: there is nothing left to acknowledge.
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('checkbox', { name: /^Auswählen/ })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Alle 3 unquittierten auswählen' }));
    expect(screen.getByText('3 ausgewählt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ausgewählte quittieren …' }));
    const dialog = screen.getByRole('dialog', { name: 'Alarme quittieren' });
    await userEvent.type(within(dialog).getByLabelText('Notiz (optional)'), 'Fenster geschlossen');
    await userEvent.click(within(dialog).getByRole('button', { name: '3 Alarme quittieren' }));

    const status = (await screen.findByText('2 Alarme quittiert.')).closest('[role="status"]')!;
    expect(status).toHaveTextContent('2 Alarme quittiert.');
    expect(status).toHaveTextContent('1 Alarm wurde nicht quittiert:');
    expect(
      within(status as HTMLElement).getByRole('list', { name: 'Nicht quittierte Alarme' }),
    ).toHaveTextContent('Raum 1.03 (EG), zu kalt: inzwischen behoben');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ ids: '3,2,1', note: 'Fenster geschlossen' });
  });

  it('shows the controller\'s own alarm without a room as "–", and offers no selection to a reader', async () => {
    alarms = [
      alarm({
        id: 9,
        kind: 'device-offline',
        room: null,
        room_name: null,
        floor: null,
        floor_id: null,
        value: null,
        target: null,
      }),
    ];
    renderConsole('/alarms', false);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('–');
    expect(row).toHaveTextContent('Regler nicht erreichbar');
    expect(row).not.toHaveTextContent('null');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /quittieren/ })).not.toBeInTheDocument();
  });
});
