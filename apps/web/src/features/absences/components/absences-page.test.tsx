import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { AbsencesPage } from './absences-page';

const posted: Record<string, string>[] = [];
const ended: string[] = [];
const server = setupServer(
  mock.get(apiUrl('/absences/'), () =>
    HttpResponse.json({
      absences: [
        {
          id: 7,
          name: 'Ferien',
          from: '2020-01-01T00:00:00+01:00',
          to: '2099-01-12T18:00:00+01:00',
          target: 16,
          rooms: [1, 2],
          created_by: 'demo',
        },
      ],
    }),
  ),
  mock.post(apiUrl('/absences/'), async ({ request }) => {
    posted.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
    return HttpResponse.json({ id: 8 });
  }),
  mock.post(apiUrl('/absences/:id/end'), ({ params }) => {
    ended.push(String(params.id));
    return HttpResponse.json({});
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
  ended.length = 0;
});
afterAll(() => server.close());

const floors = [
  {
    id: 1,
    name: 'Erdgeschoss',
    rooms: [
      { id: 1, name: 'Wohnzimmer' },
      { id: 2, name: 'Küche' },
    ],
  },
];

const renderPage = (deviceMode: 'simulation' | 'proxy' | 'mqtt' = 'simulation') =>
  render(
    <TestProviders>
      <AbsencesPage floors={floors} canManage now={new Date()} deviceMode={deviceMode} />
    </TestProviders>,
  );

describe('Abwesenheiten', () => {
  it('creates one for chosen rooms with the fields the API takes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'Weihnachten');
    await user.type(screen.getByLabelText('Von'), '2099-12-23T10:00');
    await user.type(screen.getByLabelText('Bis'), '2099-12-27T18:00');
    await user.click(screen.getByRole('radio', { name: 'Ausgewählte Räume' }));
    await user.click(screen.getByRole('checkbox', { name: 'Küche' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wohnzimmer' }));
    await user.click(screen.getByRole('button', { name: 'Abwesenheit anlegen' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: 'Weihnachten',
      from: '2099-12-23T10:00:00',
      to: '2099-12-27T18:00:00',
      target: '16',
      rooms: '2,1',
    });
  });

  it('says what is wrong at the field, its own check first, then the server’s', async () => {
    server.use(
      mock.post(apiUrl('/absences/'), () =>
        HttpResponse.json(
          { error: 'validation_failed', message: 'x', messages: { to: ['to is too far.'] } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Abwesenheit anlegen' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Bitte einen Namen angeben.');
    await user.type(screen.getByLabelText('Name'), 'X');
    await user.type(screen.getByLabelText('Von'), '2099-12-23T10:00');
    await user.type(screen.getByLabelText('Bis'), '2099-12-27T18:00');
    await user.click(screen.getByRole('button', { name: 'Abwesenheit anlegen' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Bis')).toHaveAccessibleDescription('to is too far.'),
    );
  });

  it('lists and ends them with real thermostats too (mqtt mode: the absences are ours)', async () => {
    const user = userEvent.setup();
    renderPage('mqtt');
    await user.click(await screen.findByRole('button', { name: 'Ferien jetzt beenden' }));
    await waitFor(() => expect(ended).toEqual(['7']));
  });

  it('lists a running one and ends it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ferien jetzt beenden' }));
    await waitFor(() => expect(ended).toEqual(['7']));
    expect(screen.getAllByText('Alle Räume').length).toBeGreaterThan(0);
  });

  it('edits one in the same form, prefilled, and shows the year of another year (issue 32)', async () => {
    const edits: { id: string; fields: Record<string, string> }[] = [];
    server.use(
      mock.post(apiUrl('/absences/:id/'), async ({ request, params }) => {
        edits.push({
          id: String(params.id),
          fields: Object.fromEntries((await request.formData()).entries()) as Record<
            string,
            string
          >,
        });
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderPage();
    // Times in the browser's zone here; both years differ from this one.
    expect(
      await screen.findByText(/^\d\d\.\d\d\.20(19|20), \d\d:00 bis 12\.01\.2099, \d\d:00$/),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ferien bearbeiten' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Abwesenheit „Ferien“ bearbeiten' }),
      ).toHaveFocus(),
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Ferien');
    expect(screen.getByLabelText('Bis')).toHaveValue('2099-01-12T18:00');
    expect(screen.getByRole('radio', { name: 'Alle Räume' })).toBeChecked();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Winterferien');
    // The list's absence spans decades: the form's own rule (365 days at most) wants a new start.
    await user.clear(screen.getByLabelText('Von'));
    await user.type(screen.getByLabelText('Von'), '2099-01-02T10:00');
    await user.click(screen.getByRole('radio', { name: 'Ausgewählte Räume' }));
    await user.click(screen.getByRole('checkbox', { name: 'Küche' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]).toEqual({
      id: '7',
      fields: expect.objectContaining({
        name: 'Winterferien',
        from: '2099-01-02T10:00:00',
        to: '2099-01-12T18:00:00',
        target: '16',
        rooms: '2',
      }) as Record<string, string>,
    });
    expect(posted).toHaveLength(0);
    // Saved: the form is the new-absence one again.
    expect(await screen.findByRole('heading', { name: 'Neue Abwesenheit' })).toBeInTheDocument();
  });

  it('in proxy mode (the app-config says so) says in one line that the device keeps them', async () => {
    const asked: string[] = [];
    server.use(
      mock.get(apiUrl('/absences/'), ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({ error: 'edited_at_device', message: 'x' }, { status: 501 });
      }),
    );
    renderPage('proxy');
    expect(
      await screen.findByText(
        'Der Wochenplan dieses Geräts und seine Abwesenheiten werden am Gerät selbst bearbeitet.',
      ),
    ).toBeInTheDocument();
    // Neither the form nor a list: our server has none to show, and is not asked.
    expect(screen.queryByRole('heading', { name: 'Neue Abwesenheit' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
