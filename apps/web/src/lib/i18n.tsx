import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { requiredContext } from './required-context';
import { IntlProvider } from 'react-intl';
import { de } from './catalog-de';
import { readJson, writeJson } from './storage';
import { I18N_STORAGE_KEY } from './storage-keys';

export type Locale = 'de' | 'en';
export const DEFAULT_LOCALE: Locale = 'de';
export { I18N_STORAGE_KEY };

/**
 * The locale dates, times and numbers are formatted in. English is British English: the app's
 * buildings are in Europe, where "03/04" is the 3rd of April and schedules run on a 24-hour
 * clock, as the German side does (decision 53).
 */
export const FORMAT_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

export type Messages = Record<string, string>;

/**
 * Only the active language's catalogue is loaded: German is part of the entry, English is its
 * own chunk, fetched when English is the starting language (main.tsx waits for it before the
 * first render; index.html's boot script preloads it) or when someone switches to it.
 */
const loaded: Partial<Record<Locale, Messages>> = { de };
const loading: Partial<Record<Locale, Promise<Messages>>> = {};

/** The catalogue of `locale` if it is already here, else undefined. */
export function loadedCatalog(locale: Locale): Messages | undefined {
  return loaded[locale];
}

/** Loads (once) and returns the catalogue of `locale`. */
export function loadCatalog(locale: Locale): Promise<Messages> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  loading[locale] ??= import('./catalog-en').then(
    ({ en }) => (loaded.en = en),
    (error: unknown) => {
      // Offline, say: the next attempt asks again.
      delete loading[locale];
      throw error;
    },
  );
  return loading[locale];
}

export interface LanguageOption {
  label: string;
  code: Locale;
  direction: 'ltr' | 'rtl';
  /** URL of a small flag image. */
  flag: string;
}
export const LANGUAGES: readonly LanguageOption[] = [
  {
    label: 'Deutsch',
    code: 'de',
    direction: 'ltr',
    flag: `${import.meta.env.BASE_URL}flags/de.svg`,
  },
  {
    label: 'English',
    code: 'en',
    direction: 'ltr',
    flag: `${import.meta.env.BASE_URL}flags/en.svg`,
  },
];

const isLocale = (value: unknown): value is Locale => value === 'de' || value === 'en';

/** The `lang` query parameter wins, then the stored choice, then German. */
export function initialLocale(search = window.location.search): Locale {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLocale(fromQuery)) return fromQuery;
  const stored = readJson<{ code?: unknown }>(I18N_STORAGE_KEY);
  return isLocale(stored?.code) ? stored.code : DEFAULT_LOCALE;
}

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}
const LocaleContext = requiredContext<LocaleContextValue>('useLocale', 'I18nProvider');

export function I18nProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => {
    const locale = initialLocale();
    return { locale, messages: loadedCatalog(locale) };
  });
  const { locale, messages } = state;
  // English not loaded yet (tests, or a render before main.tsx's wait): fetch it now.
  useEffect(() => {
    if (messages) return;
    let current = true;
    void loadCatalog(locale).then((next) => {
      if (current) setState({ locale, messages: next });
    });
    return () => {
      current = false;
    };
  }, [locale, messages]);
  const setLocale = useCallback((next: Locale) => {
    writeJson(I18N_STORAGE_KEY, { code: next });
    const ready = loadedCatalog(next);
    if (ready) setState({ locale: next, messages: ready });
    else
      // The page stays in the old language for the moment the catalogue takes to arrive.
      loadCatalog(next).then(
        (catalog) => setState({ locale: next, messages: catalog }),
        (error: unknown) => console.error(`Could not load the ${next} messages`, error),
      );
  }, []);
  useEffect(() => {
    const option = LANGUAGES.find((language) => language.code === locale) ?? LANGUAGES[0]!;
    document.documentElement.lang = option.code;
    document.documentElement.dir = option.direction;
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  if (!messages) return null;
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        locale={FORMAT_LOCALES[locale]}
        defaultLocale={FORMAT_LOCALES[DEFAULT_LOCALE]}
        messages={messages}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale: () => LocaleContextValue = LocaleContext.useValue;
