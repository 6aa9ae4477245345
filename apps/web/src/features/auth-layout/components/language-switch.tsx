import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import { LANGUAGES, useLocale } from '@/lib/i18n';

/** Deutsch / English, before anyone signs in: the reset mail may be read by a guest. */
export function LanguageSwitch({ className }: { className?: string }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <div
      role="group"
      aria-label={intl.formatMessage({ id: 'authLayout.language' })}
      className={cn(
        'inline-flex rounded-lg border border-slate-300 p-0.5 text-sm dark:border-slate-700',
        className,
      )}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language.code}
          type="button"
          lang={language.code}
          aria-pressed={locale === language.code}
          onClick={() => setLocale(language.code)}
          className={cn(
            'rounded-md px-2.5 py-1 font-medium transition-colors',
            locale === language.code
              ? 'bg-primary text-white'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          {language.label}
        </button>
      ))}
    </div>
  );
}
