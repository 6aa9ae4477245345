import { act, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18N_STORAGE_KEY } from '@/lib/i18n';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import type { Alarm } from '../api/alarm-types';
import { alarm } from '../testing';
import { AlarmBell } from './alarm-bell';

let open: Alarm[] = [];
const asked: string[] = [];
const server = setupServer(
  mock.get(apiUrl('/alarms/'), ({ request }) => {
    asked.push(new URL(request.url).searchParams.get('state') ?? '');
    return HttpResponse.json({ alarms: open });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  asked.length = 0;
});
afterAll(() => server.close());

function renderBell() {
  render(
    <TestProviders>
      <MemoryRouter>
        <AlarmBell />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('the alarm bell', () => {
  it('counts the unacknowledged alarms of the open list and links to the alarm page', async () => {
    open = [
      alarm({ id: 1 }),
      alarm({ id: 2, state: 'acknowledged', kind: 'sensor-silent' }),
      alarm({ id: 3, kind: 'too-warm' }),
    ];
    renderBell();
    const bell = await screen.findByRole('link', { name: 'Alarme: 2 unquittiert' });
    expect(bell).toHaveAttribute('href', '/alarms');
    expect(screen.getByTestId('alarm-count')).toHaveTextContent('2');
    expect(asked).toEqual(['open']);
  });

  it('says one plainly', async () => {
    open = [alarm({ id: 1 })];
    renderBell();
    expect(await screen.findByRole('link', { name: 'Alarme: 1 unquittiert' })).toBeInTheDocument();
  });

  it('says none without a number on the bell, also when all open ones are acknowledged', async () => {
    open = [alarm({ id: 1, state: 'acknowledged' })];
    renderBell();
    expect(
      await screen.findByRole('link', { name: 'Alarme: keine unquittiert' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('alarm-count')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    open = [alarm({ id: 1 }), alarm({ id: 2 })];
    renderBell();
    expect(
      await screen.findByRole('link', { name: 'Alarms: 2 unacknowledged' }),
    ).toBeInTheDocument();
  });

  it('claims no number while the list is unknown or could not be read', async () => {
    let answered!: () => void;
    const failed = new Promise<void>((resolve) => (answered = resolve));
    server.use(
      mock.get(apiUrl('/alarms/'), () => {
        setTimeout(answered);
        return HttpResponse.json({ error: 'forbidden' }, { status: 403 });
      }),
    );
    renderBell();
    expect(screen.getByRole('link', { name: 'Alarme' })).toBeInTheDocument();
    await act(() => failed);
    expect(screen.getByRole('link', { name: 'Alarme' })).toBeInTheDocument();
    expect(screen.queryByTestId('alarm-count')).not.toBeInTheDocument();
  });
});
