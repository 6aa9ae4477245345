import type { RouteObject } from 'react-router';
import type { Area } from '@/config/paths';

const areas: Area[] = ['smart', 'pro'];

/**
 * Routes of the room-control area (floor overviews and room pages), mounted inside the
 * signed-in layout by app/router.tsx. Each page loads lazily, so the dial ships only with it.
 */
export const roomControlRoutes: RouteObject[] = areas.flatMap((area) => [
  {
    path: `room-control/${area}/room/:roomId`,
    // A likely next screen: prefetched before the others (app/prefetch-routes.ts).
    handle: { prefetchFirst: true },
    lazy: async () => {
      const { default: RoomPage } = await import('./room-page');
      return { element: <RoomPage area={area} /> };
    },
  },
  {
    path: `room-control/${area}/:floorId`,
    lazy: async () => {
      const { default: FloorPage } = await import('./floor-page');
      return { element: <FloorPage area={area} /> };
    },
  },
]);
