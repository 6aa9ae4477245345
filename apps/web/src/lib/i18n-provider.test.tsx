import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { I18N_STORAGE_KEY, I18nProvider, loadedCatalog, useLocale } from './i18n';

function Probe() {
  const { locale, setLocale } = useLocale();
  return (
    <>
      <p>
        <FormattedMessage id="common.loading" />
      </p>
      <p data-testid="when">
        <FormattedDate
          value={new Date(2026, 10, 25, 18, 30)}
          day="2-digit"
          month="2-digit"
          hour="2-digit"
          minute="2-digit"
        />
      </p>
      <button type="button" onClick={() => setLocale(locale === 'de' ? 'en' : 'de')}>
        switch
      </button>
    </>
  );
}

describe('I18nProvider', () => {
  it('starts in German with the German catalogue already in the entry', () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(loadedCatalog('de')).toBeDefined();
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByTestId('when')).toHaveTextContent('25.11., 18:30');
  });

  it('loads the English catalogue when English is the stored choice, then speaks English', async () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Wird geladen …')).not.toBeInTheDocument();
    expect(loadedCatalog('en')).toBeDefined();
    expect(document.documentElement.lang).toBe('en');
    // British formats: day before month, the 24-hour clock (not "11/25, 06:30 PM").
    expect(screen.getByTestId('when')).toHaveTextContent('25/11, 18:30');
  });

  it('switches language on demand and stores the choice', async () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(I18N_STORAGE_KEY)!)).toEqual({ code: 'en' });
    await act(() => userEvent.click(screen.getByRole('button', { name: 'switch' })));
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  });
});
