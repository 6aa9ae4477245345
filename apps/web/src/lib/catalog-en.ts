const files = import.meta.glob<Record<string, string>>('../i18n/en/*.json', {
  eager: true,
  import: 'default',
});

/**
 * The English catalogue: its own chunk, loaded only when English is chosen (lib/i18n.tsx). The catalogue is split by area
 * (i18n/en/auth.json, i18n/en/rooms.json, …) so that features add strings without touching each
 * other's files; here they become one.
 */
export const en: Record<string, string> = Object.assign({}, ...Object.values(files));
