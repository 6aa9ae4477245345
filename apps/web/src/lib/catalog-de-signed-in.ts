import { de } from './catalog-de';

const files = import.meta.glob<Record<string, string>>(
  '../i18n/de/{absences,account,alarms,audit,buildings,devices,history,integrations,limits,members,overview,room-picker,room-search,schedules}.json',
  { eager: true, import: 'default' },
);

/**
 * Adds the German strings of the signed-in screens to the German catalogue. The signed-in frame
 * (routes/app/layout.tsx) calls it when its module loads, so these strings travel in its chunk,
 * not in the entry, and are there before any signed-in screen renders (a route's children render
 * only after its module has loaded). The catalogue object is the one the IntlProvider holds, and
 * react-intl looks messages up when it formats them, so nothing needs to re-render.
 */
export function addSignedInMessages(): void {
  Object.assign(de, ...Object.values(files));
}
