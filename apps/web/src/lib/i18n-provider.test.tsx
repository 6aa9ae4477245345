import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { I18N_STORAGE_KEY, I18nProvider, loadedCatalog, useLocale } from './i18n';

function Probe() {
  const { locale, setLocale } = useLocale();
  return (
    <>
      <p>
        <FormattedMessage id="common.loading" />
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
