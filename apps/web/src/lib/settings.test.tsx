import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLayoutConfig, hasLayoutConfig, updateLayoutConfig } from './layout-config';
import {
  applyThemeClass,
  DEFAULT_SETTINGS,
  readSettings,
  resolveTheme,
  SETTINGS_STORAGE_KEY,
} from './settings';
import { SettingsProvider, useSettings } from './settings-provider';

/** A matchMedia whose answer the test can flip, like a user switching the OS to dark. */
function fakeSystemTheme(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return (nextDark: boolean) => {
    query.matches = nextDark;
    for (const listener of listeners) listener({ matches: nextDark } as MediaQueryListEvent);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.className = 'light';
});

function Probe() {
  const { settings, theme, updateSettings } = useSettings();
  return (
    <div>
      <p>
        {settings.themeMode}/{theme}
      </p>
      <button onClick={() => updateSettings({ themeMode: 'dark' })}>dark</button>
      <button onClick={() => updateSettings({ themeMode: 'system' }, { persist: false })}>
        system
      </button>
    </div>
  );
}

describe('settings', () => {
  it('defaults to the system theme, filled icons, fixed container, light sidebar', () => {
    expect(readSettings()).toEqual({
      themeMode: 'system',
      keeniconsStyle: 'filled',
      container: 'fixed',
      sidebarTheme: 'light',
    });
  });

  it('survives broken or foreign values in storage', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{oops');
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ themeMode: 'neon' }));
    expect(readSettings().themeMode).toBe('system');
  });

  it('replaces the light/dark class on <html>', () => {
    applyThemeClass('dark');
    expect(document.documentElement.classList).toContain('dark');
    expect(document.documentElement.classList).not.toContain('light');
    applyThemeClass('light');
    expect(document.documentElement.className).toBe('light');
  });

  it('resolves system from the OS preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('persists changes, or keeps them in memory only, and follows the OS live', async () => {
    const setSystemDark = fakeSystemTheme(false);
    render(
      <SettingsProvider>
        <Probe />
      </SettingsProvider>,
    );
    expect(screen.getByText('system/light')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
    expect(document.documentElement.className).toBe('dark');
    expect(readSettings().themeMode).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'system' }));
    expect(screen.getByText('system/light')).toBeInTheDocument();
    expect(readSettings().themeMode).toBe('dark');

    act(() => setSystemDark(true));
    expect(screen.getByText('system/dark')).toBeInTheDocument();
    expect(document.documentElement.className).toBe('dark');
  });
});

describe('layout configs', () => {
  it('are read, checked and updated by name', () => {
    expect(hasLayoutConfig('main')).toBe(false);
    updateLayoutConfig('main', { sidebarCollapsed: true });
    updateLayoutConfig('main', { other: 1 });
    expect(hasLayoutConfig('main')).toBe(true);
    expect(getLayoutConfig('main')).toEqual({ sidebarCollapsed: true, other: 1 });
  });
});
