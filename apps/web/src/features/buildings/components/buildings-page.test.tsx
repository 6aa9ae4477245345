import type { BuildingSummary } from '@raumregler/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { BuildingsPage } from './buildings-page';

const building = (house_id: number, name: string, fields: Partial<BuildingSummary> = {}) =>
  ({
    house_id,
    name,
    host_label: null,
    rooms: 12,
    below_target: 0,
    open_alarms: 0,
    demand: null,
    worst_room: null,
    ...fields,
  }) satisfies BuildingSummary;

let buildings: BuildingSummary[] = [];
let failure: { status: number; body: Record<string, string> } | null = null;
let asked = 0;
const server = setupServer(
  mock.get(apiUrl('/buildings/'), () => {
    asked += 1;
    if (failure) return HttpResponse.json(failure.body, { status: failure.status });
    return HttpResponse.json({ buildings });
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
  failure = null;
  asked = 0;
  buildings = [
    building(1, 'Musterhaus', {
      rooms: 7,
      below_target: 2,
      open_alarms: 1,
      demand: 43,
      worst_room: {
        id: 1,
        name: 'Wohnzimmer',
        floor: 'EG',
        temperature: 18.25,
        target: 21,
        gap: 2.8,
      },
    }),
    building(2, 'Schule Nord', { host_label: 'schule-nord', below_target: 5, demand: 80 }),
    building(3, 'Rathaus', { open_alarms: 4, demand: 12 }),
  ];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderPage = () =>
  render(
    <TestProviders>
      <MemoryRouter>
        <BuildingsPage />
      </MemoryRouter>
    </TestProviders>,
  );
const names = () =>
  screen
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').firstChild?.textContent);

describe('Gebäude', () => {
  it('shows every building with its figures in German, each name a link to its overview', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Ihre Gebäude' });
    expect(screen.getByText('3 Gebäude')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Gebäude',
      'Räume',
      'Unter Ziel',
      'Offene Alarme',
      'Heizbedarf',
      'Am weitesten unter Ziel',
    ]);
    const row = screen.getByRole('rowheader', { name: 'Musterhaus' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '2', '1', '43 %', 'Wohnzimmer (EG): 18,3 °C, 2,8 K unter Ziel']);
    // No host label: the overview here, by its house id. With one: that building's own host.
    expect(within(row).getByRole('link', { name: 'Musterhaus' })).toHaveAttribute(
      'href',
      '/re/home/?house=1',
    );
    const other = screen.getByRole('link', { name: /Schule Nord/ });
    expect(other).toHaveAttribute('href', 'http://schule-nord.localhost:3000/re/home/');
    expect(other).toHaveAccessibleName(/öffnet schule-nord\.localhost:3000/);
    const rathaus = screen.getByRole('rowheader', { name: 'Rathaus' }).closest('tr')!;
    expect(within(rathaus).getAllByRole('cell').at(-1)).toHaveTextContent('kein Raum');
  });

  it('finds by name or host label and says how many match', async () => {
    renderPage();
    await screen.findByRole('table');
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Gebäude suchen (Name, Host-Label)' });
    await user.type(search, 'schule-n');
    expect(names()).toEqual(['Schule Nord']);
    expect(screen.getByText('1 von 3 Gebäuden')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nirgendwo');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Kein Gebäude passt zur Suche.')).toBeInTheDocument();
  });

  it('sorts by name, rooms below target, open alarms and heating demand', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(names()).toEqual(['Musterhaus', 'Rathaus', 'Schule Nord']);
    const user = userEvent.setup();
    const sort = screen.getByRole('combobox', { name: 'Sortieren nach' });
    await user.selectOptions(sort, 'Räume unter Ziel');
    expect(names()).toEqual(['Schule Nord', 'Musterhaus', 'Rathaus']);
    await user.selectOptions(sort, 'Offene Alarme');
    expect(names()).toEqual(['Rathaus', 'Musterhaus', 'Schule Nord']);
    await user.selectOptions(sort, 'Heizbedarf');
    expect(names()).toEqual(['Schule Nord', 'Musterhaus', 'Rathaus']);
  });

  it('says so when the user has no building', async () => {
    buildings = [];
    renderPage();
    expect(await screen.findByText('Sie haben noch auf kein Gebäude Zugriff.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why loading failed and loads again on request', async () => {
    failure = { status: 403, body: { error: 'forbidden', message: 'You may not read this.' } };
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Gebäude konnten nicht geladen werden.');
    failure = null;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('table', { name: 'Ihre Gebäude' })).toBeInTheDocument();
    expect(asked).toBe(2);
  });

  it('draws only the rows near the viewport of hundreds of buildings', async () => {
    buildings = Array.from({ length: 600 }, (_, index) => building(index + 1, `Haus ${index + 1}`));
    // jsdom lays nothing out: a row is as tall as on a screen.
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ ...new DOMRect(0, 0, 1000, 57), toJSON: () => ({}) }));
    try {
      renderPage();
      expect(await screen.findByText('600 Gebäude')).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'Ihre Gebäude' });
      expect(table).toHaveAttribute('aria-rowcount', '601');
      const rows = within(table).getAllByRole('rowheader');
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThan(100);
    } finally {
      rect.mockRestore();
    }
  });

  it('shows cards on a phone, each figure labelled', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      renderPage();
      const list = await screen.findByRole('list', { name: 'Ihre Gebäude' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(within(list).getAllByRole('listitem')[0]!);
      expect(card.getByRole('heading', { name: 'Musterhaus' })).toBeInTheDocument();
      const figures = Object.fromEntries(
        card
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
      expect(figures).toEqual({
        Räume: '7',
        'Unter Ziel': '2',
        'Offene Alarme': '1',
        Heizbedarf: '43 %',
        'Am weitesten unter Ziel': 'Wohnzimmer (EG): 18,3 °C, 2,8 K unter Ziel',
      });
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
