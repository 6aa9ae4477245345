import { createIntl } from 'react-intl';
import { de } from './catalog-de';
import { addSignedInMessages } from './catalog-de-signed-in';
import { en } from './catalog-en';
import { FORMAT_LOCALES, type Locale, type Messages } from './i18n';

addSignedInMessages();

/** Both catalogues at once, for tests (the app loads only the active one, see i18n.tsx). */
export const catalogs: Record<Locale, Messages> = { de, en };

/** The intl object the app's I18nProvider gives in `locale`: its messages and its formats. */
export const testIntl = (locale: Locale) =>
  createIntl({ locale: FORMAT_LOCALES[locale], messages: catalogs[locale] });
