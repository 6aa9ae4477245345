import { FormattedMessage } from 'react-intl';
import type { SidebarTheme } from '@/lib/settings';
import { useSettings } from '@/lib/settings-provider';
import { OptionTile, ScreenPreview } from './option-tile';
import { SettingsSection } from './settings-section';

const THEMES: { value: SidebarTheme; sidebar: string; bar: string }[] = [
  { value: 'light', sidebar: 'bg-slate-100', bar: 'bg-slate-300' },
  { value: 'dark', sidebar: 'bg-slate-900', bar: 'bg-slate-600' },
];

export function SidebarThemeSection() {
  const { settings, updateSettings } = useSettings();
  return (
    <SettingsSection
      id="sidebar-theme"
      title={<FormattedMessage id="appearance.sidebar.title" />}
      description={<FormattedMessage id="appearance.sidebar.description" />}
    >
      <div
        role="radiogroup"
        aria-labelledby="sidebar-theme"
        className="grid max-w-sm grid-cols-2 gap-3 sm:gap-4"
      >
        {THEMES.map((theme) => (
          <OptionTile
            key={theme.value}
            name="sidebar-theme"
            value={theme.value}
            checked={settings.sidebarTheme === theme.value}
            onChange={() => updateSettings({ sidebarTheme: theme.value })}
            label={<FormattedMessage id={`appearance.sidebar.${theme.value}`} />}
            preview={<ScreenPreview page="bg-white" sidebar={theme.sidebar} bar={theme.bar} />}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
