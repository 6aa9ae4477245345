import { de } from './catalog-de';
import { addSignedInMessages } from './catalog-de-signed-in';
import { en } from './catalog-en';
import type { Locale, Messages } from './i18n';

addSignedInMessages();

/** Both catalogues at once, for tests (the app loads only the active one, see i18n.tsx). */
export const catalogs: Record<Locale, Messages> = { de, en };
