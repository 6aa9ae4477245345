import type { MqttStatus } from '@raumregler/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders, testQueryClient } from '@/lib/testing';
import type { AccessToken } from '../api/token-types';
import { dayOf } from '../utils/describe';
import { IntegrationsPage } from './integrations-page';

const SECRET = 'rr_9f8e7d6c5b4a39281706f5e4d3c2b1a0ZYXWVU';

const token = (fields: Partial<AccessToken> & { id: number; name: string }): AccessToken => ({
  access: 'read',
  expires: null,
  created_at: '2026-03-04T07:40:00+01:00',
  last_used_at: null,
  owner: 'demo',
  ...fields,
});

let tokens: AccessToken[] = [];
/** What the next POST answers instead of making the token. */
let refuseCreate: { status: number; body: Record<string, unknown> } | null = null;
const requests: { method: string; path: string; fields: Record<string, string>; auth: string }[] =
  [];
const record = async (request: Request) => {
  requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    fields:
      request.method === 'POST'
        ? (Object.fromEntries((await request.formData()).entries()) as Record<string, string>)
        : {},
    auth: request.headers.get('authorization') ?? '',
  });
};

const MQTT_OFF: MqttStatus = { enabled: false, broker: null, zigbee2mqtt: null, discovery: null };
let mqttStatus: MqttStatus = MQTT_OFF;
const server = setupServer(
  mock.get(apiUrl('/mqtt/status'), () => HttpResponse.json(mqttStatus)),
  mock.get(apiUrl('/tokens/'), () => HttpResponse.json({ tokens })),
  mock.post(apiUrl('/tokens/'), async ({ request }) => {
    await record(request);
    if (refuseCreate) return HttpResponse.json(refuseCreate.body, { status: refuseCreate.status });
    const fields = requests.at(-1)!.fields;
    const made = token({
      id: 100 + tokens.length,
      name: fields.name!,
      access: fields.access as AccessToken['access'],
      expires: fields.expires ?? null,
      created_at: new Date().toISOString(),
    });
    tokens = [made, ...tokens];
    return HttpResponse.json({ token: { ...made, token: SECRET } }, { status: 201 });
  }),
  mock.delete(apiUrl('/tokens/:id/'), async ({ request, params }) => {
    await record(request);
    const revoked = tokens.find((each) => each.id === Number(params.id));
    if (!revoked)
      return HttpResponse.json({ error: 'not_found', message: 'No such token.' }, { status: 404 });
    tokens = tokens.filter((each) => each !== revoked);
    return HttpResponse.json({ token: revoked });
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
  tokens = [
    token({
      id: 2,
      name: 'Grafana',
      last_used_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    }),
    token({ id: 1, name: 'Heizungsskript', access: 'write', expires: '2099-12-31' }),
  ];
  refuseCreate = null;
  mqttStatus = MQTT_OFF;
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const renderPage = (
  props: { canWrite?: boolean; manager?: boolean } = {},
  client = testQueryClient(),
) =>
  render(
    <TestProviders client={client}>
      <IntegrationsPage
        canWrite={props.canWrite ?? true}
        manager={props.manager ?? false}
        origin="https://haus.example.org"
      />
      <Toaster theme="light" label="Benachrichtigungen" />
    </TestProviders>,
  );

const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name })).closest('tr')!;

const snippet = () => screen.getByRole('region', { name: 'Prometheus-Metriken' });

describe('Integrationen: MQTT (issue 36)', () => {
  it('shows the broker, zigbee2mqtt and Home Assistant discovery where MQTT is set, and nothing without it', async () => {
    const since = new Date();
    since.setHours(7, 40, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${since.getFullYear()}-${pad(since.getMonth() + 1)}-${pad(since.getDate())}T07:40:00+01:00`;
    mqttStatus = {
      enabled: true,
      broker: { connected: true, since: local },
      zigbee2mqtt: { base_topic: 'zigbee2mqtt', bridge: 'online', devices: 12 },
      discovery: { enabled: true, prefix: 'homeassistant' },
    };
    const { unmount } = renderPage();
    const section = await screen.findByRole('region', { name: 'MQTT' });
    expect(section).toHaveTextContent('BrokerVerbunden seit 07:40');
    expect(section).toHaveTextContent('Läuft (zigbee2mqtt), 12 Geräte');
    expect(section).toHaveTextContent('Discovery an (Präfix homeassistant)');
    unmount();

    mqttStatus = {
      enabled: true,
      broker: { connected: false, since: '2025-01-05T18:05:00+01:00' },
      zigbee2mqtt: null,
      discovery: { enabled: false, prefix: 'homeassistant' },
    };
    const second = renderPage();
    const away = await screen.findByRole('region', { name: 'MQTT' });
    expect(away).toHaveTextContent(/Nicht erreichbar seit 5\. Jan\. 2025, 18:05/);
    expect(away).toHaveTextContent('Aus (nur Home Assistant)');
    expect(away).toHaveTextContent('Discovery aus');
    second.unmount();

    mqttStatus = MQTT_OFF;
    renderPage();
    await screen.findByRole('region', { name: 'Prometheus-Metriken' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'MQTT' })).toBeNull();
  });
});

describe('Integrationen', () => {
  it('lists the tokens with access, validity, creation and last use', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Zugangstoken' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Zugriff', 'Gültig', 'Erstellt', 'Zuletzt benutzt', 'Aktionen']);
    expect(
      within(await rowOf('Grafana'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Lesen', 'läuft nie ab', '4. März', 'vor 5 Minuten', '']);
    expect(
      within(await rowOf('Heizungsskript'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Lesen und Schreiben', 'bis 31. Dez. 2099', '4. März', 'nie benutzt']);
    expect(screen.getByRole('heading', { name: 'Ihre Token' })).toBeInTheDocument();
  });

  it('creates a token, shows its secret once, copies it and fills it into the scrape entry', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('Grafana');
    expect(within(snippet()).getByText(/credentials: <dein Token>/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Prometheus');
    const day = dayOf(new Date(Date.now() + 30 * 86_400_000));
    await user.type(screen.getByLabelText('Gültig bis (optional)'), day);
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));

    const reveal = await screen.findByRole('region', { name: 'Token „Prometheus“ erstellt' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.fields).toEqual({
      user: 'demo',
      password: 'demo1234',
      name: 'Prometheus',
      access: 'read',
      expires: day,
    });
    expect(within(reveal).getByText(SECRET)).toBeInTheDocument();
    expect(reveal).toHaveTextContent('Es wird nicht noch einmal angezeigt');
    // The focus goes to the news, for keyboard and screen reader users.
    expect(within(reveal).getByRole('heading')).toHaveFocus();
    // The form is empty again; the list has the new token.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(await rowOf('Prometheus')).toBeInTheDocument();

    await user.click(within(reveal).getByRole('button', { name: 'Token kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(reveal).getByRole('status')).toHaveTextContent('In die Zwischenablage kopiert.');

    // A read token just made is what Prometheus needs: the entry carries it.
    expect(within(snippet()).getByText(new RegExp(`credentials: ${SECRET}`))).toBeInTheDocument();
    await user.click(within(snippet()).getByRole('button', { name: 'Eintrag kopieren' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain("      - targets: ['haus.example.org:443']\n");
    expect(copied).toContain('    metrics_path: /metrics\n');
    expect(copied).toContain(`      credentials: ${SECRET}\n`);

    // Put away, the secret is gone from the page for good.
    await user.click(within(reveal).getByRole('button', { name: 'Fertig, ausblenden' }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByText(new RegExp(SECRET))).toBeNull();
    expect(within(snippet()).getByText(/credentials: <dein Token>/)).toBeInTheDocument();
  });

  it('keeps the secret out of the query and mutation caches', async () => {
    const client = testQueryClient();
    const user = userEvent.setup();
    renderPage({}, client);
    await rowOf('Grafana');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Prometheus');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    await rowOf('Prometheus');
    const cached = () =>
      JSON.stringify([
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
        client
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.data),
      ]);
    await waitFor(() => expect(cached()).not.toContain(SECRET));
    expect(cached()).toContain('Prometheus');
  });

  it('selects the secret where the clipboard is refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied'));
    renderPage();
    await rowOf('Grafana');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Skript');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    const reveal = await screen.findByRole('region', { name: 'Token „Skript“ erstellt' });
    await user.click(within(reveal).getByRole('button', { name: 'Token kopieren' }));
    expect(within(reveal).getByRole('status')).toHaveTextContent(
      'Die Zwischenablage ist hier nicht erlaubt. Der Text ist markiert',
    );
    expect(window.getSelection()?.getRangeAt(0).toString()).toBe(SECRET);
  });

  it('says its own problems at the fields before asking the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('Grafana');
    const yesterday = dayOf(new Date(Date.now() - 86_400_000));
    await user.type(screen.getByLabelText('Gültig bis (optional)'), yesterday);
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Bitte geben Sie dem Token einen Namen\./);
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Gültig bis (optional)')).toHaveAccessibleDescription(
      /Das Datum darf nicht in der Vergangenheit liegen\./,
    );
    await user.type(name, 'x'.repeat(101));
    expect(name).toHaveAccessibleDescription(/Höchstens 100 Zeichen\./);
    expect(requests).toHaveLength(0);
  });

  it("says the server's refusal of a field at that field", async () => {
    refuseCreate = {
      status: 400,
      body: {
        error: 'validation_failed',
        message: 'The token was not created.',
        messages: { name: ['Sie haben schon ein Token mit diesem Namen.'] },
      },
    };
    const user = userEvent.setup();
    renderPage();
    await rowOf('Grafana');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Grafana');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(/Sie haben schon ein Token mit diesem Namen\./),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays, to be corrected; no secret is shown.
    expect(name).toHaveValue('Grafana');
    expect(screen.queryByRole('region', { name: /erstellt/ })).toBeNull();
  });

  it('says any other refusal as a toast', async () => {
    refuseCreate = { status: 429, body: { error: 'too_many_requests', message: 'Slow down.' } };
    const user = userEvent.setup();
    renderPage();
    await rowOf('Grafana');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grafana 2');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    expect(await screen.findByText('Das Token wurde nicht erstellt.')).toBeInTheDocument();
    expect(
      screen.getByText('Zu viele Anfragen. Bitte warten Sie einen Moment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('revokes a token after asking, naming it, and the list updates', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await rowOf('Heizungsskript')).getByRole('button', {
        name: 'Token „Heizungsskript“ widerrufen',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Token „Heizungsskript“ widerrufen?',
    });
    expect(dialog).toHaveAccessibleDescription(
      'Werkzeuge, die es benutzen, verlieren sofort den Zugang.',
    );
    // Cancelled, nothing is revoked.
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toHaveLength(0);

    await user.click(
      within(await rowOf('Heizungsskript')).getByRole('button', {
        name: 'Token „Heizungsskript“ widerrufen',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Widerrufen' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toEqual([
      {
        method: 'DELETE',
        path: '/api/tokens/1/',
        fields: {},
        auth: `Basic ${btoa('demo:demo1234')}`,
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Heizungsskript' })).toBeNull(),
    );
    expect(screen.getByRole('rowheader', { name: 'Grafana' })).toBeInTheDocument();
    expect(await screen.findByText('Token „Heizungsskript“ widerrufen.')).toBeInTheDocument();
  });

  it('says in the dialog when the token was gone already', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await rowOf('Grafana');
    tokens = tokens.filter((each) => each.name !== 'Grafana');
    await user.click(within(row).getByRole('button', { name: 'Token „Grafana“ widerrufen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Das Token wurde nicht widerrufen. Das Token gibt es nicht mehr – vielleicht wurde es schon widerrufen.',
    );
  });

  it("shows a building-wide manager everyone's tokens with their owners", async () => {
    tokens = [...tokens, token({ id: 3, name: 'Home Assistant', owner: 'mieterin' })];
    renderPage({ manager: true });
    const table = await screen.findByRole('table', { name: 'Zugangstoken' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Gehört');
    expect(within(await rowOf('Home Assistant')).getAllByRole('cell')[4]).toHaveTextContent(
      'mieterin',
    );
    expect(screen.getByRole('heading', { name: 'Token im Gebäude' })).toBeInTheDocument();
  });

  it('offers a user who may only read nothing but read tokens', async () => {
    const user = userEvent.setup();
    renderPage({ canWrite: false });
    await rowOf('Grafana');
    const access = screen.getByRole('combobox', { name: 'Zugriff' });
    expect(
      within(access)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lesen']);
    expect(access).toHaveAccessibleDescription(/nur ansehen/);
    expect(screen.queryByRole('columnheader', { name: 'Gehört' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Anzeige');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    await screen.findByRole('region', { name: 'Token „Anzeige“ erstellt' });
    expect(requests[0]!.fields.access).toBe('read');
  });

  it('offers write tokens to those who may write, and keeps a write token out of the scrape entry', async () => {
    const user = userEvent.setup();
    renderPage();
    await rowOf('Grafana');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Zugriff' }),
      'Lesen und Schreiben',
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Home Assistant');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    await screen.findByRole('region', { name: 'Token „Home Assistant“ erstellt' });
    expect(requests[0]!.fields.access).toBe('write');
    expect(requests[0]!.fields).not.toHaveProperty('expires');
    expect(within(snippet()).getByText(/credentials: <dein Token>/)).toBeInTheDocument();
  });

  it('says when the tokens cannot be loaded, and tries again', async () => {
    server.use(
      mock.get(
        apiUrl('/tokens/'),
        () => HttpResponse.json({ error: 'not_found', message: 'Not found.' }, { status: 404 }),
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Token konnten nicht geladen werden. Dieser Server bietet keine Zugangstoken an.',
    );
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await rowOf('Grafana')).toBeInTheDocument();
  });

  it('says when there are no tokens yet, and where the API is described', async () => {
    tokens = [];
    renderPage();
    expect(
      await screen.findByText(
        'Sie haben noch keine Token. Erstellen Sie oben eines für Ihr erstes Werkzeug.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('https://haus.example.org/metrics')).toBeInTheDocument();
    const docs = screen.getByRole('link', { name: /API-Seite öffnen/ });
    expect(docs).toHaveAttribute('href', '/api/docs/');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAccessibleName('API-Seite öffnen (öffnet in einem neuen Tab)');
    expect(screen.getByRole('link', { name: /openapi\.json/ })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
  });
});
