import { authBase, paths, ROUTER_BASENAME, type Area } from '../src/config/paths.ts';
import {
  AUTH_STORAGE_KEY,
  HOUSE_STORAGE_KEY,
  I18N_STORAGE_KEY,
  SETTINGS_STORAGE_KEY,
} from '../src/lib/storage-keys.ts';

/**
 * The screens a first view opens with, written once: by the route modules that are loaded lazily
 * (below src/), and by the addresses the boot script (boot/first-paint.js) tells them by. The
 * build puts each view's code in a chunk of its own (build/chunk-groups.ts), and the boot script
 * modulepreloads the chunks of the view its address shows (vite.config.ts). `login`: the sign-in
 * screen in its frame; `layout`: the signed-in frame every signed-in page opens in.
 */
export const FIRST_VIEWS: Record<string, { modules: string[]; paths: string[] }> = {
  login: {
    modules: ['routes/auth/login.tsx', 'routes/auth/branded-layout.tsx'],
    // The sign-in screen is the index of its frame as well.
    paths: [authBase(), paths.auth.login],
  },
  layout: { modules: ['routes/app/layout.tsx'], paths: [] },
  room: { modules: ['routes/room-control/room-page.tsx'], paths: [paths.room(':' as Area, ':')] },
  floor: {
    modules: ['routes/room-control/floor-page.tsx'],
    paths: [paths.floor(':' as Area, ':')],
  },
  dashboard: { modules: ['routes/app/dashboard.tsx'], paths: [paths.home] },
  appearance: { modules: ['routes/appearance/appearance.tsx'], paths: [paths.appearance] },
  alarms: { modules: ['routes/alarms/alarms-page.tsx'], paths: [paths.alarms] },
  audit: { modules: ['routes/audit/audit-page.tsx'], paths: [paths.audit] },
  absences: { modules: ['routes/absences/absences.tsx'], paths: [paths.absences] },
  account: { modules: ['routes/account/account-page.tsx'], paths: [paths.account] },
};

/** The English messages: preloaded beside a first view's code when English is chosen. */
export const ENGLISH_MESSAGES = 'lib/catalog-en.ts';

/**
 * A path of config/paths.ts as a pattern of the part of an address below the router's base
 * (no slashes at either end): a segment `:` (a parameter) stands for any one segment.
 */
export function pathPattern(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const parts = segments.map((s) =>
    s === ':' ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return `^${parts.join('/')}$`;
}

/** The first segment of a path (`/auth/login` → `auth`). */
const area = (path: string) => path.split('/').filter(Boolean)[0]!;

/**
 * What the boot script needs of the app before the app runs, taken from the app's own constants:
 * the router's base, the storage keys it reads, the areas open to strangers (their pages preload
 * only the sign-in screen, or nothing) and each view's addresses.
 */
export const BOOT_CONFIG = {
  base: `${ROUTER_BASENAME}/`,
  keys: {
    settings: SETTINGS_STORAGE_KEY,
    i18n: I18N_STORAGE_KEY,
    auth: AUTH_STORAGE_KEY,
    house: HOUSE_STORAGE_KEY,
  },
  open: `^(${area(paths.auth.login)}|${area(paths.error.root)})(/|$)`,
  views: Object.entries(FIRST_VIEWS)
    .filter(([, view]) => view.paths.length > 0)
    .map(([name, view]) => [name, view.paths.map(pathPattern).join('|')] as const),
};
