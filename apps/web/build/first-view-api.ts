import { deviceApiPaths } from '../../../packages/contract/src/paths.ts';

/**
 * The signed-in first views' API requests the boot script (boot/first-paint.js) sends early, by
 * the groups of its preloads, as paths below the API base (/api): every signed-in view's
 * (`layout`: the sign-in check, temps, permissions), then a page's own (the room page's alarm
 * mark, which shares the header bell's list, and its absence mark). The app's own requests for
 * these paths take the early answers (lib/api-client.ts); app/boot-script.test.ts checks that
 * they are the paths the app asks for.
 */
export const FIRST_VIEW_API_PATHS: Record<string, string[]> = {
  layout: [deviceApiPaths.info(), deviceApiPaths.temps(), deviceApiPaths.permissions()],
  room: ['/alarms/?state=open', '/absences/'],
};
