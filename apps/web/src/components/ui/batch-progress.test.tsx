import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@/lib/testing-catalogs';
import { BatchProgress } from './batch-progress';

const failure = (roomId: number, body: Record<string, unknown>) => ({
  item: roomId,
  error: Object.assign(new Error(String(body.message)), { status: 502, ...body }),
});

function renderFailures(locale: 'de' | 'en') {
  render(
    <IntlProvider locale={locale === 'de' ? 'de' : 'en-GB'} messages={catalogs[locale]}>
      <BatchProgress<number>
        run={{
          total: 3,
          done: 3,
          running: false,
          failures: [
            failure(4, { error: 'device_refused', message: 'Raum ist gesperrt' }),
            failure(5, { error: 'not_applied', message: 'did not take 23 °C', value: 23 }),
          ],
        }}
        roomOf={(item) => item}
        names={
          new Map([
            [4, 'Bad'],
            [5, 'Küche'],
          ])
        }
        messages="overview"
        onRetry={() => {}}
        onDismiss={() => {}}
      />
    </IntlProvider>,
  );
}

describe('BatchProgress in proxy mode (issue 33)', () => {
  it('names per room the device’s reason and the value a room did not take', () => {
    renderFailures('de');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Bad: Der Regler hat die Änderung abgelehnt: Raum ist gesperrt',
      'Küche: Der Regler hat 23,0 °C nicht übernommen.',
    ]);
  });

  it('says the same in English', () => {
    renderFailures('en');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Bad: The controller refused the change: Raum ist gesperrt',
      'Küche: The controller did not take 23.0 °C.',
    ]);
  });
});
