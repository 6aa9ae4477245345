import { FormattedMessage } from 'react-intl';
import type { ThemeMode } from '@/lib/settings';
import { useSettings } from '@/lib/settings-provider';
import { ScreenPreview } from './option-tile';
import { OptionTileGroup, type TileOption } from './option-tile-group';
import { SettingsSection } from './settings-section';

const MODES: TileOption<ThemeMode>[] = [
  {
    value: 'dark',
    label: <FormattedMessage id="appearance.theme.dark" />,
    preview: <ScreenPreview page="bg-slate-800" sidebar="bg-slate-900" bar="bg-slate-600" />,
  },
  {
    value: 'light',
    label: <FormattedMessage id="appearance.theme.light" />,
    preview: <ScreenPreview page="bg-white" sidebar="bg-slate-100" bar="bg-slate-300" />,
  },
  {
    value: 'system',
    label: <FormattedMessage id="appearance.theme.system" />,
    preview: <ScreenPreview page="bg-white" sidebar="bg-slate-100" bar="bg-slate-300" split />,
  },
];

/** Dark, Light or System (following the operating system); applies at once and is kept. */
export function ThemeModeSection() {
  const { settings, updateSettings } = useSettings();
  return (
    <SettingsSection
      id="theme-mode"
      title={<FormattedMessage id="appearance.theme.title" />}
      description={<FormattedMessage id="appearance.theme.description" />}
    >
      <OptionTileGroup
        labelledBy="theme-mode"
        options={MODES}
        value={settings.themeMode}
        onChange={(themeMode) => updateSettings({ themeMode })}
        className="grid-cols-3"
      />
    </SettingsSection>
  );
}
