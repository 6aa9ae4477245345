import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { requiredContext } from './required-context';
import {
  applyThemeClass,
  DARK_QUERY,
  readSettings,
  resolveTheme,
  systemPrefersDark,
  writeSettings,
  type Settings,
} from './settings';

interface SettingsContextValue {
  settings: Settings;
  /** The theme in force after resolving 'system'. */
  theme: 'light' | 'dark';
  /** Changes settings; `persist: false` keeps the change for this page only. */
  updateSettings: (change: Partial<Settings>, options?: { persist?: boolean }) => void;
}

const SettingsContext = requiredContext<SettingsContextValue>('useSettings', 'SettingsProvider');

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(readSettings);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);

  // 'system' follows the operating system live, not only at start-up.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const theme = resolveTheme(settings.themeMode, prefersDark);
  useEffect(() => applyThemeClass(theme), [theme]);

  const updateSettings = useCallback(
    (change: Partial<Settings>, { persist = true }: { persist?: boolean } = {}) => {
      setSettings((previous) => {
        const next = { ...previous, ...change };
        if (persist) writeSettings(next);
        return next;
      });
    },
    [],
  );

  const value = useMemo(
    () => ({ settings, theme, updateSettings }),
    [settings, theme, updateSettings],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export const useSettings: () => SettingsContextValue = SettingsContext.useValue;
