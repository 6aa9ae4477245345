import { readJson, writeJson } from './storage';
import { SETTINGS_STORAGE_KEY } from './storage-keys';

export { SETTINGS_STORAGE_KEY };

export type ThemeMode = 'light' | 'dark' | 'system';
export type SidebarTheme = 'light' | 'dark';

export interface Settings {
  themeMode: ThemeMode;
  keeniconsStyle: string;
  container: 'fixed' | 'fluid';
  sidebarTheme: SidebarTheme;
}

/** Spec section 3: with nothing stored the app follows the operating system ('system'). */
export const DEFAULT_SETTINGS: Settings = {
  themeMode: 'system',
  keeniconsStyle: 'filled',
  container: 'fixed',
  sidebarTheme: 'light',
};

const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

/** Stored settings over the defaults; unknown or broken values fall back to the default. */
export function readSettings(): Settings {
  const stored = readJson<Partial<Settings>>(SETTINGS_STORAGE_KEY) ?? {};
  const merged = { ...DEFAULT_SETTINGS, ...stored };
  return {
    themeMode: THEME_MODES.includes(merged.themeMode) ? merged.themeMode : 'system',
    keeniconsStyle: typeof merged.keeniconsStyle === 'string' ? merged.keeniconsStyle : 'filled',
    container: merged.container === 'fluid' ? 'fluid' : 'fixed',
    sidebarTheme: merged.sidebarTheme === 'dark' ? 'dark' : 'light',
  };
}

export function writeSettings(settings: Settings): void {
  writeJson(SETTINGS_STORAGE_KEY, settings);
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The theme actually drawn: 'system' becomes what the operating system prefers right now. */
export function resolveTheme(mode: ThemeMode, prefersDark = systemPrefersDark()): 'light' | 'dark' {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/** Replaces the light/dark class on <html>; boot/first-paint.js does the same before paint. */
export function applyThemeClass(theme: 'light' | 'dark', root = document.documentElement): void {
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
}
