import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { LANGUAGES, useLocale, type Locale } from '@/lib/i18n';
import { SettingsSection } from './settings-section';

/** A choice that applies on "Save Changes", so trying the select does not flip the whole page. */
export function LanguageSection() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const [choice, setChoice] = useState<Locale>(locale);
  // A change from elsewhere (user menu, ?lang=) resets the pending choice.
  const [shown, setShown] = useState(locale);
  if (shown !== locale) {
    setShown(locale);
    setChoice(locale);
  }
  // The confirmation speaks the language just chosen, so it waits for the switch.
  const saved = useRef(false);
  useEffect(() => {
    if (!saved.current) return;
    saved.current = false;
    const language = LANGUAGES.find((option) => option.code === locale);
    void notify(
      'success',
      intl.formatMessage({ id: 'appearance.language.saved' }, { language: language?.label }),
    );
  }, [locale, intl]);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    saved.current = true;
    setLocale(choice);
  };
  return (
    <SettingsSection
      id="language"
      title={<FormattedMessage id="appearance.language.title" />}
      description={<FormattedMessage id="appearance.language.description" />}
    >
      <form onSubmit={save} className="flex max-w-sm flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="language-select" className="mb-1 block text-sm font-medium">
            <FormattedMessage id="appearance.language.label" />
          </label>
          <select
            id="language-select"
            value={choice}
            onChange={(event) => setChoice(event.target.value as Locale)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 dark:border-slate-600 dark:bg-slate-900"
          >
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={choice === locale}>
          <FormattedMessage id="appearance.language.save" />
        </Button>
      </form>
    </SettingsSection>
  );
}
