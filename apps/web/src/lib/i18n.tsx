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
import de from '@/i18n/de.json';
import en from '@/i18n/en.json';
import { readJson, writeJson } from './storage';

export type Locale = 'de' | 'en';
export const DEFAULT_LOCALE: Locale = 'de';
export const I18N_STORAGE_KEY = 'raumregler-i18n-config';
export const catalogs: Record<Locale, Record<string, string>> = { de, en };

export interface LanguageOption {
  label: string;
  code: Locale;
  direction: 'ltr' | 'rtl';
}
export const LANGUAGES: readonly LanguageOption[] = [
  { label: 'Deutsch', code: 'de', direction: 'ltr' },
  { label: 'English', code: 'en', direction: 'ltr' },
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
