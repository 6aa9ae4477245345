import { describe, expect, it } from 'vitest';
import { initialLocale, I18N_STORAGE_KEY } from './i18n';
import { catalogs } from './testing-catalogs';

describe('message catalogues', () => {
  it('German and English have exactly the same keys', () => {
    const german = Object.keys(catalogs.de).sort();
    const english = Object.keys(catalogs.en).sort();
    expect(german.length).toBeGreaterThan(10);
    expect(english).toEqual(german);
  });

  it('no message is empty', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      for (const [key, text] of Object.entries(messages))
        expect(text.trim(), `${locale}:${key}`).not.toBe('');
    }
  });
});

describe('initialLocale', () => {
  it('is German when nothing is stored or the lang parameter is unknown', () => {
    expect(initialLocale('')).toBe('de');
    expect(initialLocale('?lang=fr')).toBe('de');
  });

  it('takes the lang parameter first, then the stored choice', () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    expect(initialLocale('')).toBe('en');
    expect(initialLocale('?lang=de')).toBe('de');
  });

  it('ignores broken JSON in storage', () => {
    localStorage.setItem(I18N_STORAGE_KEY, '{not json');
    expect(initialLocale('')).toBe('de');
  });
});
