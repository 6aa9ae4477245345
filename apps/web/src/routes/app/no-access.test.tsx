import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@/lib/testing-catalogs';
import { NoAccessPage } from './no-access';

const page = (
  validity: { valid_from?: string | null; valid_until?: string | null },
  locale: 'de' | 'en' = 'de',
) =>
  render(
    <IntlProvider locale={locale} messages={catalogs[locale]}>
      <NoAccessPage
        username="mieter"
        permissions={validity}
        today="2027-03-15"
        onLogout={() => {}}
      />
    </IntlProvider>,
  );

describe('NoAccessPage', () => {
  it('says when the access ended, in German and English (issue 34)', () => {
    page({ valid_until: '2027-03-14' });
    expect(screen.getByText(/Ihr Zugang zum Gebäude endete am 14. März 2027\./)).toBeVisible();
    page({ valid_until: '2027-03-14' }, 'en');
    expect(screen.getByText(/Your access to the building ended on March 14, 2027\./)).toBeVisible();
  });

  it('says when the access begins', () => {
    page({ valid_from: '2027-04-01', valid_until: '2027-12-31' });
    expect(screen.getByText(/Ihr Zugang zum Gebäude beginnt am 1. April 2027/)).toBeVisible();
  });

  it('within the validity (or without one) it is the plain no-access text', () => {
    page({ valid_from: '2027-03-15', valid_until: '2027-03-15' });
    expect(screen.getByText(/dieses Konto hat noch keinen Zugriff/)).toBeVisible();
  });
});
