import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import type { Member } from '../api/member-types';
import type { ScopeFloor } from '../utils/scope';
import { MembersPage } from './members-page';

const member = (fields: Partial<Member> & { username: string }): Member => ({
  email: `${fields.username}@example.com`,
  language: 'de',
  access_to_smart: 'read',
  access_to_pro: 'no-access',
  floors: [],
  rooms: [],
  valid_from: null,
  valid_until: null,
  last_sign_in: null,
  ...fields,
});

const floors: ScopeFloor[] = [
  {
    id: 1,
    short: 'EG',
    name: 'Erdgeschoss',
    rooms: [
      { id: 1, name: 'Wohnzimmer' },
      { id: 2, name: 'Küche' },
    ],
  },
  {
    id: 2,
    short: 'OG',
    name: 'Obergeschoss',
    rooms: [
      { id: 5, name: 'Schlafzimmer' },
      { id: 6, name: 'Kinderzimmer' },
      { id: 7, name: 'Bad OG' },
    ],
  },
];

let members: Member[] = [];
const requests: {
  method: string;
  path: string;
  fields: Record<string, string>;
  headers: Headers;
}[] = [];
const record = async (request: Request) => {
  const text = request.method === 'GET' || request.method === 'DELETE';
  requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    fields: text
      ? {}
      : (Object.fromEntries((await request.formData()).entries()) as Record<string, string>),
    headers: request.headers,
  });
};
const server = setupServer(
  mock.get(apiUrl('/members/'), () => HttpResponse.json({ members })),
  mock.post(apiUrl('/members/'), async ({ request }) => {
    await record(request);
    const added = member({ username: requests.at(-1)!.fields.username! });
    members = [...members, added];
    return HttpResponse.json({ member: added }, { status: 201 });
  }),
  mock.patch(apiUrl('/members/:username/'), async ({ request, params }) => {
    await record(request);
    return HttpResponse.json({ member: member({ username: String(params.username) }) });
  }),
  mock.delete(apiUrl('/members/:username/'), async ({ request, params }) => {
    await record(request);
    const removed = members.find((each) => each.username === params.username)!;
    members = members.filter((each) => each !== removed);
    return HttpResponse.json({ member: removed });
  }),
  mock.post(apiUrl('/members/:username/invite'), async ({ request, params }) => {
    await record(request);
    return HttpResponse.json({ member: member({ username: String(params.username) }) });
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
  members = [
    member({
      username: 'demo',
      access_to_smart: 'full',
      access_to_pro: 'full',
      last_sign_in: new Date().toISOString().slice(0, 16),
    }),
    member({
      username: 'mieterin',
      email: 'mieterin@example.com',
      access_to_smart: 'permanent',
      rooms: [2],
      floors: [2],
      valid_from: '2027-01-01',
      valid_until: '2099-12-31',
    }),
    member({
      username: 'hausmeister',
      rooms: [1, 2, 5, 6, 7],
      last_sign_in: '2025-03-04T07:40:00+01:00',
    }),
  ];
});
afterEach(() => {
  onSelfRemoved = vi.fn();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

let onSelfRemoved = vi.fn();
const renderPage = () =>
  render(
    <TestProviders>
      <MembersPage floors={floors} self="demo" onSelfRemoved={onSelfRemoved} />
    </TestProviders>,
  );

const rowOf = async (username: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(`^${username}`) })).closest('tr')!;

describe('Mitglieder & Rollen', () => {
  it('lists every member with access per area, rooms, validity and last sign-in', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Mitglieder des Gebäudes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mitglied', 'SMART', 'PRO', 'Räume', 'Gültig', 'Zuletzt angemeldet', 'Aktionen']);
    const demo = within(await rowOf('demo'));
    expect(demo.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Vollzugriff',
      'Vollzugriff',
      'Ganzes Gebäude',
      'Unbegrenzt',
      expect.stringMatching(/^Heute, \d\d:\d\d$/),
      '',
    ]);
    expect(demo.getByRole('rowheader')).toHaveTextContent('demo(Sie)demo@example.com');
    const tenant = within(await rowOf('mieterin'));
    expect(
      tenant
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual([
      'Bedienen',
      'Kein Zugriff',
      'OG, Küche',
      '1. Jan. 2027 – 31. Dez. 2099noch nicht gültig',
      'Noch nie',
    ]);
    // Many rooms are shortened with a count; all their names are in the cell's tooltip.
    const caretaker = within(await rowOf('hausmeister'));
    const scope = caretaker.getAllByRole('cell')[2]!;
    expect(scope).toHaveTextContent('Wohnzimmer, Küche, Schlafzimmer und 2 weitere');
    expect(scope).toHaveAttribute('title', 'Wohnzimmer, Küche, Schlafzimmer, Kinderzimmer, Bad OG');
    expect(caretaker.getAllByRole('cell')[4]).toHaveTextContent('4. März 2025, 07:40');
    expect(screen.getByText('3 Mitglieder')).toBeInTheDocument();
  });

  it('finds members by name or address', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('demo');
    await user.type(screen.getByRole('searchbox', { name: 'Mitglieder suchen' }), 'MIETER');
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    expect(screen.getByText('1 Treffer von 3')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Mitglieder suchen' }));
    await user.type(screen.getByRole('searchbox', { name: 'Mitglieder suchen' }), 'niemand');
    expect(screen.getByText('Kein Mitglied passt zur Suche.')).toBeInTheDocument();
  });

  it('draws only the rows near the viewport of a long list', async () => {
    members = Array.from({ length: 1000 }, (_, index) =>
      member({ username: `mitglied${String(index).padStart(4, '0')}` }),
    );
    // jsdom lays nothing out: a row is as tall as on a screen.
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ ...new DOMRect(0, 0, 1000, 57), toJSON: () => ({}) }));
    try {
      renderPage();
      expect(await screen.findByText('1.000 Mitglieder')).toBeInTheDocument();
      const rows = screen.getAllByRole('rowheader');
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThan(100);
      expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1001');
    } finally {
      rect.mockRestore();
    }
  });

  it('adds a member by floor and room, with the fields the API takes, and says the invitation went out', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('demo');
    await user.click(screen.getByRole('button', { name: 'Mitglied hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied hinzufügen' });
    const form = within(dialog);
    await user.type(form.getByLabelText('Benutzername'), 'neu');
    await user.type(form.getByLabelText('E-Mail-Adresse'), 'neu@example.com');
    await user.selectOptions(form.getByLabelText('Sprache'), 'English');
    await user.selectOptions(
      form.getByLabelText('Raumregelung SMART'),
      'Vollzugriff: bedienen und verwalten',
    );
    await user.selectOptions(form.getByLabelText('Raumregelung PRO'), 'Nur lesen');
    // Scope: the whole upper floor by its checkbox, and one room found by searching.
    expect(form.getByRole('radio', { name: 'Ausgewählte Geschosse und Räume' })).toBeChecked();
    await user.click(form.getByRole('checkbox', { name: /Obergeschoss/ }));
    await user.type(form.getByRole('searchbox', { name: 'Räume suchen' }), 'küche');
    await user.click(form.getByRole('checkbox', { name: 'Küche' }));
    await user.type(form.getByLabelText('Letzter Tag'), '2027-12-31');
    await user.click(form.getByRole('button', { name: 'Hinzufügen und einladen' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/members/',
      fields: {
        user: 'demo',
        password: 'demo1234',
        username: 'neu',
        email: 'neu@example.com',
        language: 'en',
        access_to_smart: 'full',
        access_to_pro: 'read',
        floors: '2',
        rooms: '2',
        valid_from: '',
        valid_until: '2027-12-31',
      },
    });
    expect(requests[0]!.headers.get('Accept-Language')).toBe('de');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'neu ist hinzugefügt. Die Einladung ist an neu@example.com gesendet.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await rowOf('neu')).toBeInTheDocument();
  });

  it('checks the form itself first, then shows the server’s message at each field', async () => {
    const user = userEvent.setup();
    server.use(
      mock.post(apiUrl('/members/'), async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          {
            error: 'validation_failed',
            message: 'Falsches E-Mail-Format',
            messages: { email: ['Falsches E-Mail-Format'], rooms: ['Es gibt keinen Raum 99'] },
          },
          { status: 400 },
        );
      }),
    );
    renderPage();
    await rowOf('demo');
    await user.click(screen.getByRole('button', { name: 'Mitglied hinzufügen' }));
    const form = within(await screen.findByRole('dialog', { name: 'Mitglied hinzufügen' }));
    await user.click(form.getByRole('button', { name: 'Hinzufügen und einladen' }));
    expect(form.getByLabelText('Benutzername')).toHaveAccessibleDescription(
      'Bitte geben Sie einen Benutzernamen ein.',
    );
    expect(form.getByLabelText('Benutzername')).toHaveFocus();
    expect(form.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte geben Sie eine E-Mail-Adresse ein.',
    );
    expect(
      form.getByText('Wählen Sie mindestens ein Geschoss oder einen Raum, oder das ganze Gebäude.'),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(form.getByLabelText('Benutzername'), 'neu');
    await user.type(form.getByLabelText('E-Mail-Adresse'), 'neu@beispiel.de');
    await user.click(form.getByRole('radio', { name: 'Ganzes Gebäude' }));
    await user.click(form.getByRole('button', { name: 'Hinzufügen und einladen' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.fields).toMatchObject({ floors: '', rooms: '' });
    await waitFor(() =>
      expect(form.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
        'Falsches E-Mail-Format',
      ),
    );
    expect(form.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('alert')).toHaveTextContent(
      'Das Mitglied wurde nicht hinzugefügt. Bitte prüfen Sie die markierten Felder.',
    );
    // Still open, nothing said to be sent.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('edits a member with PATCH: the same form, filled in, the name fixed', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf('mieterin')).getByRole('button', { name: 'mieterin bearbeiten' }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'mieterin bearbeiten' }));
    expect(form.getByLabelText('Benutzername')).toHaveValue('mieterin');
    expect(form.getByLabelText('Benutzername')).toHaveAttribute('readonly');
    expect(form.getByLabelText('Raumregelung SMART')).toHaveValue('permanent');
    expect(form.getByLabelText('Erster Tag')).toHaveValue('2027-01-01');
    expect(form.getByRole('checkbox', { name: 'Küche' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Bad OG' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Wohnzimmer' })).not.toBeChecked();
    await user.clear(form.getByLabelText('E-Mail-Adresse'));
    await user.type(form.getByLabelText('E-Mail-Adresse'), 'neue@example.com');
    await user.clear(form.getByLabelText('Letzter Tag'));
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'PATCH', path: '/api/members/mieterin/' });
    // The scope unchanged is sent as it was (a floor and a room), the open day empty.
    expect(requests[0]!.fields).toEqual({
      user: 'demo',
      password: 'demo1234',
      email: 'neue@example.com',
      language: 'de',
      access_to_smart: 'permanent',
      access_to_pro: 'no-access',
      floors: '2',
      rooms: '2',
      valid_from: '2027-01-01',
      valid_until: '',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Die Änderungen an mieterin sind gespeichert.',
    );
  });

  it('says clearly when a change would leave no building-wide manager (409)', async () => {
    const user = userEvent.setup();
    server.use(
      mock.patch(apiUrl('/members/:username/'), () =>
        HttpResponse.json(
          { error: 'conflict', message: 'Dann verwaltete niemand mehr das ganze Gebäude.' },
          { status: 409 },
        ),
      ),
    );
    renderPage();
    await user.click(within(await rowOf('demo')).getByRole('button', { name: 'demo bearbeiten' }));
    const form = within(await screen.findByRole('dialog', { name: 'demo bearbeiten' }));
    await user.selectOptions(form.getByLabelText('Raumregelung SMART'), 'Nur lesen');
    await user.selectOptions(form.getByLabelText('Raumregelung PRO'), 'Nur lesen');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Die Änderungen wurden nicht gespeichert. Dann verwaltete niemand mehr das ganze Gebäude.',
    );
  });

  it('removes a member after asking, with DELETE and Basic credentials', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf('hausmeister')).getByRole('button', { name: 'hausmeister entfernen' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'hausmeister entfernen?' }));
    expect(dialog.getByText(/Die nächste Anfrage wird abgelehnt/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: '/api/members/hausmeister/' });
    expect(requests[0]!.headers.get('Authorization')).toBe(`Basic ${btoa('demo:demo1234')}`);
    expect(await screen.findByRole('status')).toHaveTextContent('hausmeister ist entfernt.');
    expect(onSelfRemoved).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /^hausmeister/ })).toBeNull(),
    );
  });

  it('signs the manager out who removed themselves', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('demo')).getByRole('button', { name: 'demo entfernen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'demo entfernen?' }));
    await user.click(dialog.getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(onSelfRemoved).toHaveBeenCalledTimes(1));
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: '/api/members/demo/' });
  });

  it('keeps the member and says why when removing would leave no building-wide manager (409)', async () => {
    const user = userEvent.setup();
    server.use(
      mock.delete(apiUrl('/members/:username/'), () =>
        HttpResponse.json({ error: 'conflict', message: '' }, { status: 409 }),
      ),
    );
    renderPage();
    await user.click(within(await rowOf('demo')).getByRole('button', { name: 'demo entfernen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'demo entfernen?' }));
    await user.click(dialog.getByRole('button', { name: 'Entfernen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Nicht entfernt. Dann gäbe es keinen Verwalter des ganzen Gebäudes mehr.',
    );
    await user.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    expect(await rowOf('demo')).toBeInTheDocument();
  });

  it('sends the invitation again', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf('mieterin')).getByRole('button', {
        name: 'Einladung an mieterin erneut senden',
      }),
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/members/mieterin/invite',
      fields: { user: 'demo', password: 'demo1234' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Die Einladung an mieterin ist erneut an mieterin@example.com gesendet.',
    );
  });

  it('shows cards on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      renderPage();
      const list = await screen.findByRole('list', { name: 'Mitglieder des Gebäudes' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(within(list).getAllByRole('listitem')[1]!);
      expect(card.getByRole('heading', { name: /mieterin/ })).toBeInTheDocument();
      expect(card.getByText('OG, Küche')).toBeInTheDocument();
      expect(card.getByRole('button', { name: 'Bearbeiten: mieterin' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
