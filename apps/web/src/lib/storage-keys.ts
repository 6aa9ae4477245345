/**
 * The web-storage keys the boot script (boot/first-paint.js) reads before the app runs, so that
 * the stored theme, language and sign-in apply to the first paint. Held here, in a file without
 * imports, so that vite.config.ts can hand the same values to the boot script at build time.
 */

/** Spec section 3: the app's display settings. */
export const SETTINGS_STORAGE_KEY = 'settings-configs';

/** The chosen language. */
export const I18N_STORAGE_KEY = 'raumregler-i18n-config';

/** Versioned so that a change of shape never reads an old object as a new one. */
export const AUTH_STORAGE_KEY = 'raumregler-auth-v1';

/** The last known rooms beside the sign-in (lib/last-rooms.ts, issue 32). */
export const LAST_ROOMS_STORAGE_KEY = 'raumregler-last-rooms-v1';

/**
 * The building this tab is opened for (issue 37): the page address's `?house=N`, kept in the
 * tab's sessionStorage so that in-app navigation (which drops the query) and a reload keep it.
 */
export const HOUSE_STORAGE_KEY = 'raumregler-house';
