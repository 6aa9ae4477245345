import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import type { Week } from '../utils/week';
import WeekSchedule from './week-schedule';

const week: Week = {
  mon: [
    { at: '06:00', target: 21 },
    { at: '22:00', target: 17 },
  ],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
};
const posted: { room: number; week: Week }[] = [];

const server = setupServer(
  mock.get(apiUrl('/schedules/:room/'), ({ params }) =>
    HttpResponse.json({ room: Number(params.room), week }),
  ),
  mock.post(apiUrl('/schedules/:room/'), async ({ request, params }) => {
    const form = await request.formData();
    const sent = JSON.parse(String(form.get('week'))) as Week;
    posted.push({ room: Number(params.room), week: sent });
    return HttpResponse.json({ room: Number(params.room), week: sent });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom's <dialog> has no close(); the frame opens it by the attribute there.
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
});
afterAll(() => server.close());

const floors = [
  {
    id: 1,
    name: 'Erdgeschoss',
    rooms: [
      { id: 11, name: 'Wohnzimmer' },
      { id: 12, name: 'Küche' },
    ],
  },
  { id: 2, name: 'Obergeschoss', rooms: [{ id: 13, name: 'Bad' }] },
];

function renderSchedule(canManage: boolean) {
  render(
    <TestProviders>
      <MemoryRouter>
        <WeekSchedule roomId={11} roomName="Wohnzimmer" canManage={canManage} floors={floors} />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('Wochenplan', () => {
  it('shows every segment with its value for readers, without handles', async () => {
    renderSchedule(false);
    const monday = await screen.findByRole('list', { name: 'Montag' });
    expect(within(monday).getByText(/^06:00–22:00: 21,0 °C/)).toBeInTheDocument();
    expect(within(monday).getByText(/^00:00–06:00: 17,0 °C/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Montag 06:00, 21,0 °C' })).toBeNull();
  });

  it('edits a point with the keyboard alone and saves only on "Speichern"', async () => {
    const user = userEvent.setup();
    renderSchedule(true);
    const point = await screen.findByRole('button', { name: 'Montag 06:00, 21,0 °C' });
    point.focus();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await user.keyboard('+');
    expect(screen.getByRole('button', { name: 'Montag 07:15, 21,5 °C' })).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: /Montag 07:15/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Montag 22:00, 17,0 °C' })).toHaveFocus();
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.week.mon).toEqual([{ at: '22:00', target: 17 }]);
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  });

  it('keeps + and − within the room’s own limits that the server names', async () => {
    server.use(
      mock.get(apiUrl('/schedules/:room/'), ({ params }) =>
        HttpResponse.json({ room: Number(params.room), week, min_target: 16, max_target: 21.5 }),
      ),
    );
    const user = userEvent.setup();
    renderSchedule(true);
    (await screen.findByRole('button', { name: 'Montag 06:00, 21,0 °C' })).focus();
    await user.keyboard('+++');
    expect(screen.getByRole('button', { name: 'Montag 06:00, 21,5 °C' })).toHaveFocus();
    (screen.getByRole('button', { name: 'Montag 22:00, 17,0 °C' }) as HTMLElement).focus();
    await user.keyboard('−---');
    expect(screen.getByRole('button', { name: 'Montag 22:00, 16,0 °C' })).toHaveFocus();
  });

  it('"Verwerfen" restores the saved week', async () => {
    const user = userEvent.setup();
    renderSchedule(true);
    (await screen.findByRole('button', { name: 'Montag 06:00, 21,0 °C' })).focus();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.getByRole('button', { name: 'Montag 06:00, 21,0 °C' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('puts the server’s message at the point it names', async () => {
    server.use(
      mock.post(apiUrl('/schedules/11/'), () =>
        HttpResponse.json(
          {
            error: 'validation_failed',
            message: 'Invalid week.',
            messages: { 'week.mon[1].target': 'target must be between 5 and 20 °C.' },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSchedule(true);
    (await screen.findByRole('button', { name: 'Montag 06:00, 21,0 °C' })).focus();
    await user.keyboard('+');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const point = screen.getByRole('button', { name: 'Montag 22:00, 17,0 °C' });
    await waitFor(() => expect(point).toHaveAttribute('aria-invalid', 'true'));
    expect(point).toHaveAccessibleDescription(/target must be between 5 and 20 °C/);
  });

  it("in proxy mode lists the device's switch points read-only, soonest first", async () => {
    server.use(
      mock.get(apiUrl('/schedules/11/'), () =>
        HttpResponse.json({
          room: 11,
          source: 'device',
          editable: false,
          switch_points: [
            { name: 'Komfort', next_due_time: '2026-11-24 06:00', active: true },
            { name: 'Urlaub', next_due_time: null, active: false },
            { name: 'Absenkung', next_due_time: '2026-11-23 22:00', active: false },
          ],
        }),
      ),
    );
    renderSchedule(true);
    expect(
      await screen.findByText(
        /Dieses Gerät hat sein eigenes Heizprogramm; es wird am Gerät selbst/,
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Schaltpunkte des Geräts' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Szene', 'Nächste Schaltung', 'Aktiv'],
      [`Absenkung`, expect.stringMatching(/^Mo\., 23\. Nov\.( 2026)?, 22:00$/), 'Nein'],
      ['Komfort', expect.stringMatching(/^Di\., 24\. Nov\.( 2026)?, 06:00$/), 'Ja'],
      ['Urlaub', 'nicht angegeben', 'Nein'],
    ]);
    // Read-only, even for a manager: no week, no editor, no copying.
    expect(screen.queryByRole('list', { name: 'Montag' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so in a sentence when the device reports no switch points', async () => {
    server.use(
      mock.get(apiUrl('/schedules/11/'), () =>
        HttpResponse.json({ room: 11, source: 'device', editable: false, switch_points: [] }),
      ),
    );
    renderSchedule(false);
    expect(
      await screen.findByText(
        'Das Gerät meldet keine Schaltpunkte: sein Heizprogramm ist ausgeschaltet oder leer.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/keinen Wochenplan/)).toBeNull();
  });

  it('copies the week to rooms one POST each, with progress, failures and retry', async () => {
    let kitchenFails = true;
    server.use(
      mock.post(apiUrl('/schedules/12/'), () => {
        if (kitchenFails)
          return HttpResponse.json({ error: 'forbidden', message: 'x' }, { status: 403 });
        posted.push({ room: 12, week });
        return HttpResponse.json({ room: 12, week });
      }),
    );
    const user = userEvent.setup();
    renderSchedule(true);
    await user.click(
      await screen.findByRole('button', { name: 'Woche auf andere Räume kopieren' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Alle Räume (2)' }));
    await user.click(screen.getByRole('button', { name: 'Auf 2 Räume kopieren' }));
    expect(await screen.findByText('1 Raum wurde nicht geändert:')).toBeInTheDocument();
    expect(screen.getByText('2 von 2')).toBeInTheDocument();
    expect(posted.map((post) => post.room)).toEqual([13]);
    kitchenFails = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Fertig: 1 Raum übernommen.')).toBeInTheDocument();
    // The retry sent the failed room only.
    expect(posted.map((post) => post.room)).toEqual([13, 12]);
  });
});
