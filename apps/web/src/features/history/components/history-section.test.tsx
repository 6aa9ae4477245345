import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { catalogs } from '@/lib/testing-catalogs';
import type { HistoryAnswer } from '../types';
import { HistorySection } from './history-section';

// uPlot draws on a canvas jsdom does not have; the chart itself is checked in e2e.
vi.mock('./history-chart', () => ({
  default: ({ labels }: { labels: { chart: string } }) => (
    <div role="img" aria-label={labels.chart} />
  ),
}));

// The panel loads lazily; on a busy machine its first import takes a few seconds.
const LOAD = { timeout: 5000 };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const answer = (temperatures: (number | null)[]): HistoryAnswer => ({
  room: 11,
  from: '2026-11-23T08:00:00+01:00',
  to: '2026-11-23T09:00:00+01:00',
  step_seconds: 900,
  samples: temperatures.map((temperature, index) => ({
    time: `2026-11-23T08:${String(index * 15).padStart(2, '0')}:00+01:00`,
    temperature,
    target: 21,
    humidity: 45,
    valve: 100,
  })),
});

function renderSection() {
  writeStoredAuth(
    { macAddress: 'localhost', username: 'anna', password: 'x', deviceInfo: null },
    true,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <IntlProvider locale="de" messages={catalogs.de}>
        <HistorySection roomId={11} roomName="Büro" />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe('HistorySection', () => {
  it('shows the text alternative in German formats and asks for 7 days when switched', async () => {
    const spans: number[] = [];
    server.use(
      http.get('*/api/history/11/', ({ request }) => {
        const url = new URL(request.url);
        spans.push(
          Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!),
        );
        return HttpResponse.json(answer([19.5, 20.25, 21.5, null]));
      }),
    );
    renderSection();
    const summary = await screen.findByRole(
      'region',
      { name: 'Zusammenfassung, letzte 24 h' },
      LOAD,
    );
    expect(
      await screen.findByRole('img', { name: /^Temperaturverlauf von Büro, letzte 24 h/ }, LOAD),
    ).toBeInTheDocument();
    expect(within(summary).getByText('19,5 °C')).toBeInTheDocument();
    expect(within(summary).getByText('20,4 °C')).toBeInTheDocument();
    expect(within(summary).getByText('21,5 °C')).toBeInTheDocument();
    // 19.5 and 20.25 are more than 0.5 K below 21: 2 × 15 min of 45 min measured.
    expect(within(summary).getByText('0 h 30 min (67 %)')).toBeInTheDocument();
    // Issue 32: the valve's mean (every sample 100 %), and the chart's valve series can be hidden.
    expect(within(summary).getByText('Ventil im Mittel')).toBeInTheDocument();
    expect(within(summary).getByText('100 %')).toBeInTheDocument();
    const valve = screen.getByRole('checkbox', { name: 'Ventil' });
    expect(valve).toBeChecked();
    await userEvent.setup().click(valve);
    expect(valve).not.toBeChecked();
    expect(spans).toEqual([24 * 3_600_000]);

    const week = screen.getByRole('button', { name: '7 Tage' });
    expect(week).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(week);
    expect(week).toHaveAttribute('aria-pressed', 'true');
    expect(
      await screen.findByRole('region', { name: 'Zusammenfassung, letzte 7 Tage' }, LOAD),
    ).toBeInTheDocument();
    expect(spans).toEqual([24 * 3_600_000, 7 * 24 * 3_600_000]);
  });

  it('says so when there are no samples, and when none has a temperature', async () => {
    server.use(http.get('*/api/history/11/', () => HttpResponse.json(answer([]))));
    renderSection();
    expect(
      await screen.findByText('Für diesen Zeitraum gibt es noch keine Aufzeichnungen.', {}, LOAD),
    ).toBeInTheDocument();
  });

  it('explains a room without readings instead of drawing zeros', async () => {
    server.use(http.get('*/api/history/11/', () => HttpResponse.json(answer([null, null]))));
    renderSection();
    expect(await screen.findByText(/keine gemessene Temperatur/, {}, LOAD)).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    let failing = true;
    server.use(
      http.get('*/api/history/11/', () => {
        return failing
          ? HttpResponse.json({ error: 'internal', message: 'x' }, { status: 500 })
          : HttpResponse.json(answer([20]));
      }),
    );
    renderSection();
    // The query asks once more by itself (after a second) before it gives up.
    const retry = await screen.findByRole(
      'button',
      { name: 'Erneut versuchen' },
      { timeout: 4000 },
    );
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('region', { name: /Zusammenfassung/ })).toBeInTheDocument();
  });
});
