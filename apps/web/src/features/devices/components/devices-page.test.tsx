import type { MqttDevice } from '@raumregler/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import type { DeviceFloor } from './assign-dialog';
import { DevicesPage } from './devices-page';

const device = (fields: Partial<MqttDevice> & { name: string }): MqttDevice => ({
  known: true,
  kind: 'thermostat',
  model: '014G2461',
  vendor: 'Danfoss',
  description: 'Ally thermostat',
  power: 'battery',
  room: null,
  availability: 'online',
  battery: 90,
  linkquality: 120,
  last_seen: null,
  temperature: 20.5,
  setpoint: 21,
  ...fields,
});

const floors: DeviceFloor[] = [
  {
    id: 1,
    name: 'Erdgeschoss',
    rooms: [
      { id: 1, name: 'Wohnzimmer' },
      { id: 2, name: 'Küche' },
    ],
  },
  { id: 2, name: 'Obergeschoss', rooms: [{ id: 7, name: 'Bad OG' }] },
];

const minutesAgo = (minutes: number) => {
  const when = new Date(Date.now() - minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}+01:00`;
};

let devices: MqttDevice[] = [];
let refuse: { status: number; body: Record<string, string> } | null = null;
const posts: { path: string; body: unknown; type: string | null; auth: string | null }[] = [];
const server = setupServer(
  mock.get(apiUrl('/devices/'), () => HttpResponse.json({ devices })),
  // This building's zigbee2mqtt, as the server says it (issue 37: a building may have none).
  mock.get(apiUrl('/mqtt/status'), () =>
    HttpResponse.json({
      enabled: true,
      broker: { connected: true, since: '2026-11-27T07:40:00+01:00' },
      zigbee2mqtt: { base_topic: 'zigbee2mqtt', bridge: 'online', devices: devices.length },
      discovery: null,
    }),
  ),
  mock.post(apiUrl('/rooms/:roomId/devices'), async ({ request, params }) => {
    const body = (await request.json()) as { devices: string[] };
    posts.push({
      path: new URL(request.url).pathname,
      body,
      type: request.headers.get('content-type'),
      auth: request.headers.get('authorization'),
    });
    if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
    const roomId = Number(params.roomId);
    const room = floors.flatMap((f) => f.rooms).find((r) => r.id === roomId)!;
    const changed: MqttDevice[] = [];
    devices = devices.map((each) => {
      const now = body.devices.includes(each.name)
        ? room
        : each.room?.id === roomId
          ? null
          : each.room;
      if (now === each.room) return each;
      const next = { ...each, room: now };
      changed.push(next);
      return next;
    });
    return HttpResponse.json({ room: { ...room, devices: body.devices }, changed });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  writeStoredAuth({
    macAddress: 'localhost',
    username: 'demo',
    password: 'demo1234',
    deviceInfo: null,
  });
  refuse = null;
  devices = [
    device({
      name: 'Bad/Heizkörper, links',
      vendor: 'Tuya',
      model: 'TS0601_thermostat',
      room: { id: 7, name: 'Bad OG' },
      availability: 'offline',
      battery: 9,
    }),
    device({
      name: 'Sensor Wohnzimmer',
      kind: 'sensor',
      vendor: 'Aqara',
      model: 'WSDCGQ11LM',
      room: { id: 1, name: 'Wohnzimmer' },
      setpoint: null,
      temperature: 20.7,
      last_seen: minutesAgo(3),
    }),
    device({
      name: 'Tippfehler',
      known: false,
      kind: 'unknown',
      vendor: null,
      model: null,
      room: { id: 1, name: 'Wohnzimmer' },
      availability: null,
      battery: null,
      linkquality: null,
      temperature: null,
      setpoint: null,
    }),
    device({ name: 'TRV Wohnzimmer', last_seen: minutesAgo(125) }),
  ];
});
afterEach(() => {
  server.resetHandlers();
  posts.length = 0;
});
afterAll(() => server.close());

const renderPage = () =>
  render(
    <TestProviders>
      <DevicesPage floors={floors} />
    </TestProviders>,
  );
const rowOf = async (name: string) =>
  (
    await screen.findByRole('rowheader', { name: new RegExp(`^${name.replace(/[/]/g, '\\/')}`) })
  ).closest('tr')!;

describe('Geräte', () => {
  it('lists every device with model, room, state, last report, battery, link quality and values; unknown names flagged', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Geräte' });
    expect(screen.getByText('4 Geräte')).toBeInTheDocument();
    const tuya = await rowOf('Bad/Heizkörper, links');
    expect(tuya).toHaveTextContent('Tuya TS0601_thermostat');
    expect(tuya).toHaveTextContent('Bad OG');
    expect(tuya).toHaveTextContent('Offline');
    expect(tuya).toHaveTextContent('9 % (schwach)');
    expect(tuya).toHaveTextContent('noch nie');
    const sensor = await rowOf('Sensor Wohnzimmer');
    expect(sensor).toHaveTextContent('Aqara WSDCGQ11LM');
    expect(sensor).toHaveTextContent('Online');
    expect(sensor).toHaveTextContent('vor 3 Min.');
    expect(sensor).toHaveTextContent('Ist 20,7 °C');
    const trv = await rowOf('TRV Wohnzimmer');
    expect(trv).toHaveTextContent('Kein Raum');
    expect(trv).toHaveTextContent('vor 2 Std.');
    expect(trv).toHaveTextContent('Ist 20,5 °C · Soll 21,0 °C');
    expect(trv).toHaveTextContent('120');
    const typo = await rowOf('Tippfehler');
    expect(typo).toHaveTextContent('Unbekannt');
    expect(
      screen.getByText(/Ein Gerät steht in einem Raum, das zigbee2mqtt nicht kennt/),
    ).toBeInTheDocument();
  });

  it('searches by name, room and model, and filters', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Geräte' });
    await user.type(screen.getByLabelText('Geräte suchen (Name, Raum, Modell)'), 'wohnzimmer');
    expect(screen.getByText('3 von 4 Geräten')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Geräte suchen (Name, Raum, Modell)'));
    await user.type(screen.getByLabelText('Geräte suchen (Name, Raum, Modell)'), 'danfoss');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'TRV WohnzimmerThermostat · Danfoss 014G2461',
    ]);
    await user.clear(screen.getByLabelText('Geräte suchen (Name, Raum, Modell)'));
    await user.selectOptions(screen.getByLabelText('Anzeigen'), 'Offline');
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Anzeigen'), 'Ohne Raum');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'TRV WohnzimmerThermostat · Danfoss 014G2461',
    ]);
    await user.selectOptions(screen.getByLabelText('Anzeigen'), 'Batterie schwach');
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
  });

  it('assigns a device to a room with the room list as JSON, moving it, and the list shows it', async () => {
    const user = userEvent.setup();
    renderPage();
    const trv = await rowOf('TRV Wohnzimmer');
    await user.click(within(trv).getByRole('button', { name: 'Raum zuweisen: TRV Wohnzimmer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raum für „TRV Wohnzimmer“' });
    await user.type(within(dialog).getByLabelText('Räume suchen'), 'wohn');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(dialog).getByRole('radio', { name: 'Wohnzimmer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([
      {
        path: '/api/rooms/1/devices',
        body: { devices: ['Sensor Wohnzimmer', 'Tippfehler', 'TRV Wohnzimmer'] },
        type: 'application/json',
        auth: `Basic ${btoa('demo:demo1234')}`,
      },
    ]);
    expect(
      await screen.findByText('„TRV Wohnzimmer“ gehört jetzt zu Wohnzimmer.'),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect(await rowOf('TRV Wohnzimmer')).toHaveTextContent('Wohnzimmer'),
    );
    expect(await rowOf('TRV Wohnzimmer')).not.toHaveTextContent('Kein Raum');

    // Moving a device of another room: the dialog says so; only the new room is sent.
    const sensor = await rowOf('Sensor Wohnzimmer');
    await user.click(
      within(sensor).getByRole('button', { name: 'Raum zuweisen: Sensor Wohnzimmer' }),
    );
    const move = await screen.findByRole('dialog');
    await user.click(within(move).getByRole('radio', { name: 'Bad OG' }));
    expect(move).toHaveTextContent('Das Gerät wird aus „Wohnzimmer“ hierher verschoben.');
    await user.click(within(move).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toMatchObject({
      path: '/api/rooms/7/devices',
      body: { devices: ['Bad/Heizkörper, links', 'Sensor Wohnzimmer'] },
    });

    // No room: the old room's list without it.
    await waitFor(async () => expect(await rowOf('Sensor Wohnzimmer')).toHaveTextContent('Bad OG'));
    await user.click(
      within(await rowOf('Sensor Wohnzimmer')).getByRole('button', {
        name: 'Raum zuweisen: Sensor Wohnzimmer',
      }),
    );
    const none = await screen.findByRole('dialog');
    await user.click(within(none).getByRole('radio', { name: 'Kein Raum' }));
    await user.click(within(none).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]).toMatchObject({
      path: '/api/rooms/7/devices',
      body: { devices: ['Bad/Heizkörper, links'] },
    });
  });

  it('says a refusal in the dialog and keeps it open', async () => {
    const user = userEvent.setup();
    refuse = {
      status: 403,
      body: { error: 'forbidden', message: 'You may not manage the devices of this building.' },
    };
    renderPage();
    const trv = await rowOf('TRV Wohnzimmer');
    await user.click(within(trv).getByRole('button', { name: 'Raum zuweisen: TRV Wohnzimmer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Küche' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Die Zuordnung wurde nicht gespeichert.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await rowOf('TRV Wohnzimmer')).toHaveTextContent('Kein Raum');
  });

  it('lists 1,000 thermostats without drawing every row, and the search and filter narrow them', async () => {
    const user = userEvent.setup();
    devices = Array.from({ length: 1000 }, (_, i) =>
      device({
        name: `TRV ${String(i).padStart(4, '0')}`,
        room: i % 2 ? { id: 7, name: 'Bad OG' } : null,
      }),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Geräte' });
    expect(screen.getByText('1.000 Geräte')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1001');
    // Not every row is drawn (jsdom measures nothing, so how many is the virtualizer's guess).
    expect(screen.getAllByRole('rowheader').length).toBeLessThan(1000);
    await user.type(screen.getByLabelText('Geräte suchen (Name, Raum, Modell)'), 'TRV 0999');
    expect(screen.getByText('1 von 1.000 Geräten')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Geräte suchen (Name, Raum, Modell)'));
    await user.selectOptions(screen.getByLabelText('Anzeigen'), 'Ohne Raum');
    expect(screen.getByText('500 von 1.000 Geräten')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and when zigbee2mqtt reports no device', async () => {
    server.use(
      mock.get(apiUrl('/devices/'), () =>
        HttpResponse.json(
          { error: 'forbidden', message: 'You may not manage the devices of this building.' },
          { status: 403 },
        ),
      ),
    );
    const { unmount } = renderPage();
    expect(
      await screen.findByText(/Die Geräte konnten nicht geladen werden\./),
    ).toBeInTheDocument();
    unmount();
    server.resetHandlers();
    devices = [];
    renderPage();
    expect(await screen.findByText('zigbee2mqtt meldet noch keine Geräte.')).toBeInTheDocument();
  });

  it('says so when this building has no zigbee2mqtt (MQTT for Home Assistant only)', async () => {
    devices = [];
    server.use(
      mock.get(apiUrl('/mqtt/status'), () =>
        HttpResponse.json({
          enabled: true,
          broker: { connected: true, since: '2026-11-27T07:40:00+01:00' },
          zigbee2mqtt: null,
          discovery: { enabled: true, prefix: 'homeassistant' },
        }),
      ),
    );
    renderPage();
    expect(
      await screen.findByText(
        'Dieses Gebäude hat kein zigbee2mqtt: Seine Räume werden nicht von Funk-Thermostaten geregelt.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('zigbee2mqtt meldet noch keine Geräte.')).toBeNull();
  });
});
