import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import type { Alarm } from '../api/alarm-types';
import { alarm } from '../testing';
import { AlarmsView } from './alarms-view';

const older = alarm({
  id: 1,
  room: 1,
  room_name: 'Wohnzimmer',
  since: '2026-11-23T06:10:00+01:00',
});
const newer = alarm({
  id: 2,
  room: 3,
  room_name: 'Arbeitszimmer',
  kind: 'too-warm',
  since: '2026-11-23T07:40:00+01:00',
  value: 25.4,
});
const seen = alarm({
  id: 3,
  room: 4,
  room_name: 'Bad',
  floor: 'OG',
  kind: 'sensor-silent',
  since: '2026-11-23T08:00:00+01:00',
  state: 'acknowledged',
  value: null,
  acknowledged_by: 'hausmeister',
  acknowledged_at: '2026-11-23T08:05:00+01:00',
  note: 'Batterie bestellt',
});
const cleared = alarm({
  id: 4,
  room_name: 'Küche',
  since: '2026-11-20T05:00:00+01:00',
  state: 'cleared',
  cleared_at: '2026-11-20T06:30:00+01:00',
});
const clearedLater = alarm({
  id: 5,
  room_name: 'Flur',
  since: '2026-11-21T05:00:00+01:00',
  state: 'cleared',
  cleared_at: '2026-11-21T06:30:00+01:00',
});

let open: Alarm[] = [];
let all: Alarm[] = [];
let ack: { status: number; body: Record<string, string> } = { status: 200, body: {} };
const acks: { id: string; fields: Record<string, string> }[] = [];
const server = setupServer(
  mock.get(apiUrl('/alarms/'), ({ request }) => {
    const state = new URL(request.url).searchParams.get('state');
    return HttpResponse.json({ alarms: state === 'all' ? all : open });
  }),
  mock.post(apiUrl('/alarms/:id/ack'), async ({ request, params }) => {
    const form = await request.formData();
    acks.push({
      id: String(params.id),
      fields: Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])),
    });
    return HttpResponse.json(ack.body, { status: ack.status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  writeStoredAuth({
    macAddress: 'localhost',
    username: 'chef',
    password: 'geheim',
    deviceInfo: null,
  });
  open = [older, seen, newer];
  all = [cleared, seen, clearedLater, older, newer];
  ack = { status: 200, body: {} };
  acks.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderView(mayManage = true) {
  render(
    <TestProviders>
      <MemoryRouter>
        <AlarmsView
          mayManage={mayManage}
          roomHref={(id) => `/room-control/smart/room/${id}`}
          floorLabel={(name) => (name === 'EG' ? 'Erdgeschoss' : name)}
        />
      </MemoryRouter>
    </TestProviders>,
  );
}

const roomsIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the alarm page', () => {
  it('lists the open alarms first (unseen before acknowledged, newest first), then the cleared ones', async () => {
    renderView();
    const openList = await screen.findByRole('list', { name: 'Offene Alarme' });
    expect(roomsIn(openList)).toEqual(['Arbeitszimmer', 'Wohnzimmer', 'Bad']);
    const history = await screen.findByRole('list', { name: 'Verlauf (30 Tage)' });
    expect(roomsIn(history)).toEqual(['Flur', 'Küche']);
    // Open before history in reading order.
    expect(
      openList.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('tells room, floor, kind, value and target, and who acknowledged with their note', async () => {
    renderView();
    const openList = await screen.findByRole('list', { name: 'Offene Alarme' });
    const [warm, cold, silent] = within(openList).getAllByTestId('alarm');
    expect(within(warm!).getByRole('link', { name: 'Arbeitszimmer' })).toHaveAttribute(
      'href',
      '/room-control/smart/room/3',
    );
    expect(warm).toHaveTextContent('zu warm');
    expect(warm).toHaveTextContent('25,4 °C / 21,0 °C');
    expect(cold).toHaveTextContent('Erdgeschoss');
    expect(cold).toHaveTextContent('zu kalt');
    expect(silent).toHaveTextContent('Sensor meldet nicht');
    expect(silent).toHaveTextContent('– / 21,0 °C');
    expect(silent).toHaveTextContent('von hausmeister');
    expect(silent).toHaveTextContent('Batterie bestellt');
  });

  it('says so when nothing is open', async () => {
    open = [];
    renderView();
    expect(await screen.findByText('Keine offenen Alarme')).toBeInTheDocument();
  });

  it('offers the acknowledge only to managers, and only for unacknowledged alarms', async () => {
    renderView(false);
    await screen.findByRole('list', { name: 'Offene Alarme' });
    expect(screen.queryByRole('button', { name: /^Quittieren/ })).not.toBeInTheDocument();
  });

  it('acknowledges with a note in the form fields and reloads the lists', async () => {
    const user = userEvent.setup();
    renderView();
    const openList = await screen.findByRole('list', { name: 'Offene Alarme' });
    expect(within(openList).getAllByRole('button', { name: /^Quittieren/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Quittieren: Wohnzimmer, zu kalt' }));
    const dialog = screen.getByRole('dialog', { name: 'Alarm quittieren' });
    await user.type(within(dialog).getByLabelText('Notiz (optional)'), 'Fenster war offen');
    expect(dialog).toHaveTextContent('17 von 500 Zeichen');
    open = [{ ...older, state: 'acknowledged', acknowledged_by: 'chef' }, seen, newer];
    await user.click(within(dialog).getByRole('button', { name: 'Quittieren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(acks).toEqual([
      { id: '1', fields: { user: 'chef', password: 'geheim', note: 'Fenster war offen' } },
    ]);
    // The list was asked again: Wohnzimmer now shows who acknowledged it, after the unseen one.
    await waitFor(() =>
      expect(roomsIn(screen.getByRole('list', { name: 'Offene Alarme' }))).toEqual([
        'Arbeitszimmer',
        'Bad',
        'Wohnzimmer',
      ]),
    );
    expect(screen.getAllByTestId('alarm')[2]).toHaveTextContent('von chef');
  });

  it('explains a note that is too long and does not send it', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(
      await screen.findByRole('button', { name: 'Quittieren: Wohnzimmer, zu kalt' }),
    );
    const dialog = screen.getByRole('dialog');
    const note = within(dialog).getByLabelText('Notiz (optional)');
    await user.click(note);
    await user.paste('x'.repeat(503));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'höchstens 500 Zeichen, bitte 3 kürzen',
    );
    expect(within(dialog).getByRole('button', { name: 'Quittieren' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(acks).toEqual([]);
  });

  it('says an alarm cleared meanwhile (409) can no longer be acknowledged', async () => {
    const user = userEvent.setup();
    ack = { status: 409, body: { error: 'conflict', message: 'The alarm has cleared.' } };
    renderView();
    await user.click(
      await screen.findByRole('button', { name: 'Quittieren: Wohnzimmer, zu kalt' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Quittieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Dieser Alarm ist inzwischen behoben und kann nicht mehr quittiert werden.',
    );
  });

  it('says a refusal (403) needs full access', async () => {
    const user = userEvent.setup();
    ack = {
      status: 403,
      body: { error: 'forbidden', message: 'You may not manage this building.' },
    };
    renderView();
    await user.click(
      await screen.findByRole('button', { name: 'Quittieren: Arbeitszimmer, zu warm' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Quittieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sie dürfen Alarme nicht quittieren',
    );
    expect(acks.map((entry) => entry.id)).toEqual(['2']);
  });
});
