import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSettings } from '@/lib/settings';
import { SettingsProvider } from '@/lib/settings-provider';
import { TestProviders } from '@/lib/testing';
import { SidebarThemeSection } from './sidebar-theme-section';
import { ThemeModeSection } from './theme-mode-section';

function renderSections() {
  render(
    <TestProviders>
      <SettingsProvider>
        <ThemeModeSection />
        <SidebarThemeSection />
      </SettingsProvider>
    </TestProviders>,
  );
}

describe('the tile sections of the appearance page', () => {
  it('name each group by its heading and check the stored setting', async () => {
    renderSections();
    const theme = await screen.findByRole('radiogroup', { name: 'Farbschema' });
    const sidebar = screen.getByRole('radiogroup', { name: 'Seitenleiste' });
    expect(
      within(theme)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['dark', 'light', 'system']);
    expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();
    expect(
      within(sidebar)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['light', 'dark']);
    expect(within(sidebar).getByRole('radio', { name: 'Hell' })).toBeChecked();
  });

  it('store the choice of each group in its own setting', async () => {
    const user = userEvent.setup();
    renderSections();
    const theme = await screen.findByRole('radiogroup', { name: 'Farbschema' });
    const sidebar = screen.getByRole('radiogroup', { name: 'Seitenleiste' });

    await user.click(within(sidebar).getByRole('radio', { name: 'Dunkel' }));
    expect(readSettings()).toMatchObject({ themeMode: 'system', sidebarTheme: 'dark' });
    expect(within(sidebar).getByRole('radio', { name: 'Dunkel' })).toBeChecked();

    await user.click(within(theme).getByRole('radio', { name: 'Hell' }));
    expect(readSettings()).toMatchObject({ themeMode: 'light', sidebarTheme: 'dark' });
    expect(within(theme).getByRole('radio', { name: 'Hell' })).toBeChecked();
    expect(within(sidebar).getByRole('radio', { name: 'Dunkel' })).toBeChecked();
  });
});
