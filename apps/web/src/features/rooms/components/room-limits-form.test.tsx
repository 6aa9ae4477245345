import type { Room } from '@raumregler/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { catalogs } from '@/lib/testing-catalogs';
import { RoomControl } from './room-control';
import { RoomLimitsForm } from './room-limits-form';

const room: Room = {
  id: 7,
  name: 'Büro',
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
  limits: { min: 16, max: 23 },
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sent: Record<string, string>[] = [];
afterEach(() => {
  sent.length = 0;
});

function renderWith(ui: React.ReactNode, locale: 'de' | 'en' = 'de') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IntlProvider locale={locale} messages={catalogs[locale]}>
        {ui}
        <Toaster theme="light" label="Benachrichtigungen" />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

const answerLimits = () =>
  server.use(
    http.post('*/api/rooms/7/limits', async ({ request }) => {
      const form = await request.formData();
      const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      sent.push(fields);
      const limits = fields.min ? { min: Number(fields.min), max: Number(fields.max) } : null;
      return HttpResponse.json({ ...room, limits });
    }),
  );

describe('RoomLimitsForm (issue 34)', () => {
  it('shows the limits and saves new ones as min and max', async () => {
    answerLimits();
    renderWith(<RoomLimitsForm room={room} />);
    expect(screen.getByTestId('room-limits-now')).toHaveTextContent(
      'Erlaubt sind 16,0–23,0 °C für alle, die den Raum nicht verwalten.',
    );
    const user = userEvent.setup();
    const max = screen.getByLabelText('Max. (°C)');
    expect(max).toHaveValue('23,0');
    await user.clear(max);
    await user.type(max, '22,5');
    await user.click(screen.getByRole('button', { name: 'Grenzen speichern' }));
    expect(await screen.findByText('Grenzen gespeichert')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ min: '16', max: '22.5' })]);
  });

  it('removes the limits when both fields are empty', async () => {
    answerLimits();
    renderWith(<RoomLimitsForm room={room} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Min. (°C)'));
    await user.clear(screen.getByLabelText('Max. (°C)'));
    await user.click(screen.getByRole('button', { name: 'Grenzen speichern' }));
    expect(await screen.findByText('Grenzen entfernt')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ min: '', max: '' })]);
  });

  it('says what is wrong before sending: off the grid, one alone, min above max', async () => {
    renderWith(<RoomLimitsForm room={{ ...room, limits: null }} />);
    const user = userEvent.setup();
    const min = screen.getByLabelText('Min. (°C)');
    const max = screen.getByLabelText('Max. (°C)');
    const save = screen.getByRole('button', { name: 'Grenzen speichern' });
    await user.type(min, '16,3');
    await user.type(max, '23');
    await user.click(save);
    expect(min).toHaveAccessibleDescription('Nur in Schritten von 0,5 °C.');
    await user.clear(min);
    await user.click(save);
    expect(min).toHaveAccessibleDescription(
      'Geben Sie Min. und Max. an, oder lassen Sie beide leer.',
    );
    await user.type(min, '24');
    await user.click(save);
    expect(min).toHaveAccessibleDescription('Min. darf nicht über Max. liegen.');
    await user.clear(min);
    await user.type(min, '4');
    await user.click(save);
    expect(min).toHaveAccessibleDescription('Erlaubt sind 5 bis 30 °C.');
    expect(sent).toHaveLength(0);
  });
});

describe('RoomControl with limits (issue 34)', () => {
  it('tells a bound user the limits and keeps a target outside them from being kept', () => {
    renderWith(
      <RoomControl
        room={{ ...room, solltemperatur: 25, is_temporary_mode: true, remaining_time: 3600 }}
        canChange
        bound
        receivedAt={Date.now()}
      />,
    );
    expect(screen.getByText('Erlaubt sind 16,0–23,0 °C in diesem Raum.')).toBeInTheDocument();
    const dial = screen.getByRole('slider', { name: 'Zieltemperatur Büro' });
    expect(dial).toHaveAttribute('aria-valuemin', '16');
    expect(dial).toHaveAttribute('aria-valuemax', '23');
    expect(dial).toHaveAttribute('aria-valuetext', '25,0 °C');
    expect(screen.getByRole('button', { name: 'Dauerhaft übernehmen' })).toBeDisabled();
  });

  it('shows a manager the spec range with the limits as marks, in English too', () => {
    renderWith(<RoomControl room={room} canChange receivedAt={Date.now()} />, 'en');
    const dial = screen.getByRole('slider', { name: /Büro/ });
    expect(dial).toHaveAttribute('aria-valuemin', '14');
    expect(dial).toHaveAttribute('aria-valuemax', '26');
    expect(
      screen.getByText(
        "The marks on the ring show the room's limits (16.0–23.0 °C); you may go beyond them.",
      ),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('[data-dial-limit]')).toHaveLength(2);
  });
});
