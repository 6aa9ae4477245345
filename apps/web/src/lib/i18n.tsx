import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import { readJson, writeJson } from './storage';

export type Locale = 'de' | 'en';
export const DEFAULT_LOCALE: Locale = 'de';
export const I18N_STORAGE_KEY = 'raumregler-i18n-config';

/**
 * The catalogue of each language is split by area (i18n/de/auth.json, i18n/de/rooms.json, …) so
 * that features add strings without touching each other's files; here they become one.
 */
const catalogFiles = import.meta.glob<Record<string, string>>('../i18n/*/*.json', {
  eager: true,
  import: 'default',
});
function mergeCatalog(locale: string): Record<string, string> {
  return Object.entries(catalogFiles)
    .filter(([file]) => file.includes(`/i18n/${locale}/`))
    .reduce<Record<string, string>>((all, [, messages]) => ({ ...all, ...messages }), {});
}
export const catalogs: Record<Locale, Record<string, string>> = {
  de: mergeCatalog('de'),
  en: mergeCatalog('en'),
};

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
const LocaleContext = createContext<LocaleContextValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => initialLocale());
  const setLocale = useCallback((next: Locale) => {
    writeJson(I18N_STORAGE_KEY, { code: next });
    setLocaleState(next);
  }, []);
  useEffect(() => {
    const option = LANGUAGES.find((language) => language.code === locale) ?? LANGUAGES[0]!;
    document.documentElement.lang = option.code;
    document.documentElement.dir = option.direction;
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={catalogs[locale]}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside I18nProvider');
  return value;
}
