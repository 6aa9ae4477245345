import { FormattedMessage } from 'react-intl';
import type { ThemeMode } from '@/lib/settings';
import { useSettings } from '@/lib/settings-provider';
import { OptionTile, ScreenPreview } from './option-tile';
import { SettingsSection } from './settings-section';

const MODES: { value: ThemeMode; preview: React.ReactNode }[] = [
  {
    value: 'dark',
    preview: <ScreenPreview page="bg-slate-800" sidebar="bg-slate-900" bar="bg-slate-600" />,
  },
  {
    value: 'light',
    preview: <ScreenPreview page="bg-white" sidebar="bg-slate-100" bar="bg-slate-300" />,
  },
  {
    value: 'system',
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
      <div
        role="radiogroup"
        aria-labelledby="theme-mode"
        className="grid grid-cols-3 gap-3 sm:gap-4"
      >
        {MODES.map((mode) => (
          <OptionTile
            key={mode.value}
            name="theme-mode"
            value={mode.value}
            checked={settings.themeMode === mode.value}
            onChange={() => updateSettings({ themeMode: mode.value })}
            label={<FormattedMessage id={`appearance.theme.${mode.value}`} />}
            preview={mode.preview}
          />
        ))}
      </div>
    </SettingsSection>
  );
}
