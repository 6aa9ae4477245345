import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { BrandingSection } from '@/features/appearance/components/branding-section';
import { LanguageSection } from '@/features/appearance/components/language-section';
import { SidebarThemeSection } from '@/features/appearance/components/sidebar-theme-section';
import { ThemeModeSection } from '@/features/appearance/components/theme-mode-section';
import { useLocale } from '@/lib/i18n';

/** /appearance: theme mode, language, sidebar theme, branding. `?lang=en` selects a language. */
export default function AppearanceRoute() {
  const [searchParams] = useSearchParams();
  const { setLocale } = useLocale();
  const lang = searchParams.get('lang');
  useEffect(() => {
    if (lang === 'de' || lang === 'en') setLocale(lang);
  }, [lang, setLocale]);

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="appearance.title" />
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        <FormattedMessage id="appearance.subtitle" />
      </p>
      <div className="mt-6 flex flex-col gap-5">
        <ThemeModeSection />
        <LanguageSection />
        <SidebarThemeSection />
        <BrandingSection />
      </div>
    </div>
  );
}
