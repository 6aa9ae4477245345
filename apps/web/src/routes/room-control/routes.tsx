import type { RouteObject } from 'react-router';

/**
 * Routes of the room-control area (floor overviews and room pages), mounted inside the
 * signed-in layout by app/router.tsx. Owned by the room-control feature.
 */
export const roomControlRoutes: RouteObject[] = [];
