/**
 * The German catalogue, the default language: part of the entry. The catalogue is split by area
 * (i18n/de/auth.json, i18n/de/rooms.json, …) so that features add strings without touching each
 * other's files; here they become one. The areas only signed-in screens use are not in the entry
 * (the login page needs none of them): catalog-de-signed-in.ts adds them with the signed-in frame.
 */
const files = import.meta.glob<Record<string, string>>(
  [
    '../i18n/de/*.json',
    '!../i18n/de/{absences,account,alarms,audit,devices,history,integrations,limits,members,overview,room-picker,room-search,schedules}.json',
  ],
  { eager: true, import: 'default' },
);

export const de: Record<string, string> = Object.assign({}, ...Object.values(files));
