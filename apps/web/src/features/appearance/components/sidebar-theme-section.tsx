import { FormattedMessage } from 'react-intl';
import type { SidebarTheme } from '@/lib/settings';
import { useSettings } from '@/lib/settings-provider';
import { ScreenPreview } from './option-tile';
import { OptionTileGroup, type TileOption } from './option-tile-group';
import { SettingsSection } from './settings-section';

const THEMES: TileOption<SidebarTheme>[] = [
  {
    value: 'light',
    label: <FormattedMessage id="appearance.sidebar.light" />,
    preview: <ScreenPreview page="bg-white" sidebar="bg-slate-100" bar="bg-slate-300" />,
  },
  {
    value: 'dark',
    label: <FormattedMessage id="appearance.sidebar.dark" />,
    preview: <ScreenPreview page="bg-white" sidebar="bg-slate-900" bar="bg-slate-600" />,
  },
];

/** A light or dark sidebar while the page itself is light. */
export function SidebarThemeSection() {
  const { settings, updateSettings } = useSettings();
  return (
    <SettingsSection
      id="sidebar-theme"
      title={<FormattedMessage id="appearance.sidebar.title" />}
      description={<FormattedMessage id="appearance.sidebar.description" />}
    >
      <OptionTileGroup
        labelledBy="sidebar-theme"
        options={THEMES}
        value={settings.sidebarTheme}
        onChange={(sidebarTheme) => updateSettings({ sidebarTheme })}
        className="max-w-sm grid-cols-2"
      />
    </SettingsSection>
  );
}
