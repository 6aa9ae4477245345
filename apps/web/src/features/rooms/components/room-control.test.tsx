import type { Room } from '@raumregler/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { catalogs } from '@/lib/testing-catalogs';
import { RoomControl } from './room-control';

const room: Room = {
  id: 1,
  name: 'Wohnzimmer',
  temperatur: 20.5,
  solltemperatur: 21,
  perm_solltemperatur: 21,
  total_offset: 0,
  offsets: {},
  sensoren: [],
  luftfeuchte: 45,
  betriebsart: 'Heating',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: 18,
  next_due_time: '2099-01-01 22:00',
};
const temporary = (target: number): Room => ({
  ...room,
  solltemperatur: target,
  is_temporary_mode: true,
  remaining_time: 3600,
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const writes: { path: string; fields: Record<string, string> }[] = [];
afterEach(() => {
  writes.length = 0;
});
async function record(request: Request) {
  const form = await request.formData();
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  writes.push({ path: new URL(request.url).pathname, fields });
}

function renderRoom(props: Partial<Parameters<typeof RoomControl>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const ui = (extra: Partial<Parameters<typeof RoomControl>[0]> = {}) => (
    <QueryClientProvider client={client}>
      <IntlProvider locale="de" messages={catalogs.de}>
        <RoomControl room={room} canChange receivedAt={Date.now()} {...props} {...extra} />
        <Toaster theme="light" label="Benachrichtigungen" />
      </IntlProvider>
    </QueryClientProvider>
  );
  const view = render(ui());
  return {
    rerender: (extra: Partial<Parameters<typeof RoomControl>[0]>) => view.rerender(ui(extra)),
  };
}

const slider = () => screen.getByRole('slider', { name: 'Zieltemperatur Wohnzimmer' });

describe('RoomControl', () => {
  it('during an absence says so with its target and end, not "Nach Zeitplan" (issue 32)', () => {
    renderRoom({
      room: {
        ...room,
        solltemperatur: 16,
        perm_solltemperatur: 16,
        absent_until: '2099-01-06T18:00:00',
        next_temperature: 21,
        next_due_time: '2099-01-06 18:00',
      },
    });
    expect(screen.getByText('Abwesend: 16,0 °C bis 6. Jan. 2099, 18:00')).toBeInTheDocument();
    expect(screen.queryByText('Nach Zeitplan')).not.toBeInTheDocument();
    expect(screen.getByText('21,0 °C am 6. Jan. 2099, 18:00')).toBeInTheDocument();
  });

  it('during a temporary target names what holds at its end, not the switch inside it', () => {
    renderRoom({
      room: {
        ...temporary(23),
        mode_end_datetime: '2099-01-02T06:12:00',
        after_temporary_temperature: 20,
      },
    });
    expect(screen.getByText('Danach wieder 20,0 °C nach Zeitplan')).toBeInTheDocument();
    expect(screen.queryByText(/18,0 °C/)).not.toBeInTheDocument();
  });

  it('commits a key press once as ziel with one decimal and the duration in minutes', async () => {
    server.use(
      http.post('*/api/set/json/v1/1/ziel/1/', async ({ request }) => {
        await record(request);
        return HttpResponse.json(temporary(21.5));
      }),
    );
    renderRoom();
    expect(screen.getByText('18,0 °C am 1. Jan. 2099, 22:00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(slider());
    await user.keyboard('{ArrowUp}');
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        path: '/api/set/json/v1/1/ziel/1/',
        fields: expect.objectContaining({ ziel: '21.5', duration: '60' }),
      },
    ]);
  });

  it('keeps the committed value on screen until the server answers, whatever data arrives', async () => {
    server.use(
      http.post('*/api/set/json/v1/1/ziel/1/', async () => {
        await delay(200);
        return HttpResponse.json(temporary(22));
      }),
    );
    const view = renderRoom();
    const user = userEvent.setup();
    await user.click(slider());
    await user.keyboard('{PageUp}');
    expect(screen.getByText('Wird gespeichert …')).toBeInTheDocument();
    view.rerender({ room: { ...room, solltemperatur: 21 }, receivedAt: Date.now() });
    expect(slider()).toHaveAttribute('aria-valuenow', '22');
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
  });

  it('stops the spinner, drops the value and says so in a toast when setting fails', async () => {
    server.use(
      http.post('*/api/set/json/v1/1/ziel/1/', () =>
        HttpResponse.json({ error: 'internal', message: 'failed' }, { status: 500 }),
      ),
    );
    renderRoom();
    const user = userEvent.setup();
    await user.click(slider());
    await user.keyboard('{ArrowDown}');
    expect(
      await screen.findByText(
        'Die Zieltemperatur konnte nicht gesetzt werden. Bitte versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Wird gespeichert …')).not.toBeInTheDocument();
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-valuenow', '21');
  });

  it('takes a real device’s "OK" as saved, and reads the room back from the device', async () => {
    let roomRead = 0;
    server.use(
      http.post(
        '*/api/set/json/v1/1/ziel/1/',
        () => new HttpResponse('OK', { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      ),
      http.get('*/api/get/json/v1/1/temps/1/', () => {
        roomRead += 1;
        return HttpResponse.json([temporary(21.5)]);
      }),
    );
    renderRoom();
    const user = userEvent.setup();
    await user.click(slider());
    await user.keyboard('{ArrowUp}');
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    // Saved, not failed: the answer is no room, so the room is read again.
    expect(roomRead).toBe(1);
  });

  it('says the device’s reason for a refused write, and the value it did not take (proxy mode)', async () => {
    server.use(
      http.post('*/api/set/json/v1/1/ziel/1/', () =>
        HttpResponse.json(
          { error: 'device_refused', message: 'Raum ist gesperrt' },
          { status: 502 },
        ),
      ),
      http.post('*/api/set/json/v1/1/resettemp/1/', () => HttpResponse.json(room)),
      http.post('*/api/set/json/v1/1/soll/1/', () =>
        HttpResponse.json(
          { error: 'not_applied', message: 'did not take 23 °C', value: 23 },
          { status: 502 },
        ),
      ),
    );
    renderRoom({ room: temporary(23) });
    const user = userEvent.setup();
    await user.click(slider());
    await user.keyboard('{ArrowDown}');
    expect(
      await screen.findByText('Der Regler hat die Änderung abgelehnt: Raum ist gesperrt'),
    ).toBeInTheDocument();
    expect(slider()).toHaveAttribute('aria-valuenow', '23');
    await user.click(screen.getByRole('button', { name: 'Dauerhaft übernehmen' }));
    expect(await screen.findByText('Der Regler hat 23,0 °C nicht übernommen.')).toBeInTheDocument();
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
  });

  it('makes a target permanent: resettemp first, then soll', async () => {
    server.use(
      http.post('*/api/set/json/v1/1/resettemp/1/', async ({ request }) => {
        await record(request);
        return HttpResponse.json(room);
      }),
      http.post('*/api/set/json/v1/1/soll/1/', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ ...room, solltemperatur: 23, perm_solltemperatur: 23 });
      }),
    );
    renderRoom({ room: temporary(23) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dauerhaft übernehmen' }));
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    expect(writes.map((write) => write.path)).toEqual([
      '/api/set/json/v1/1/resettemp/1/',
      '/api/set/json/v1/1/soll/1/',
    ]);
    expect(writes[1]!.fields.soll).toBe('23.0');
  });

  it('a failed reset stops the spinner without a check and shows a toast', async () => {
    server.use(
      http.post('*/api/set/json/v1/1/resettemp/1/', () =>
        HttpResponse.json({ error: 'forbidden', message: 'no' }, { status: 403 }),
      ),
    );
    renderRoom({ room: temporary(23), canChange: false });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Vorübergehende Temperatur beenden' }));
    expect(await screen.findByText('Dafür fehlt Ihnen die Berechtigung.')).toBeInTheDocument();
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
    expect(screen.queryByText('Wird gespeichert …')).not.toBeInTheDocument();
  });

  it('claims neither read-only nor drag until the permissions are known', () => {
    const view = renderRoom({ canChange: false, accessKnown: false });
    expect(screen.queryByText(/Sie haben Leserechte/)).not.toBeInTheDocument();
    expect(screen.getByText(/Ziehen oder Pfeiltasten/)).not.toBeVisible();
    view.rerender({ canChange: false, accessKnown: true });
    expect(screen.getByText(/Sie haben Leserechte/)).toBeVisible();
    view.rerender({ canChange: true, accessKnown: true });
    expect(screen.getByText(/Ziehen oder Pfeiltasten/)).toBeVisible();
  });

  it('read-only: keys change nothing, duration and make-permanent are not offered', async () => {
    renderRoom({ room: temporary(23), canChange: false });
    const user = userEvent.setup();
    await user.click(slider());
    await user.keyboard('{ArrowUp}{End}');
    expect(slider()).toHaveAttribute('aria-readonly', 'true');
    expect(slider()).toHaveAttribute('aria-valuenow', '23');
    expect(screen.queryByLabelText('Dauer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dauerhaft übernehmen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vorübergehende Temperatur beenden' })).toBeEnabled();
    expect(writes).toHaveLength(0);
  });
});
