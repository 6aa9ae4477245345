const files = import.meta.glob<Record<string, string>>('../i18n/de/*.json', {
  eager: true,
  import: 'default',
});

/**
 * The German catalogue, the default language: part of the entry. The catalogue is split by area
 * (i18n/de/auth.json, i18n/de/rooms.json, …) so that features add strings without touching each
 * other's files; here they become one.
 */
export const de: Record<string, string> = Object.assign({}, ...Object.values(files));
