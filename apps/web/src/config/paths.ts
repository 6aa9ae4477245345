/** Every path of the app, relative to the router base /re/home. No component spells a URL. */
export const ROUTER_BASENAME = '/re/home';

export type Area = 'smart' | 'pro';

export const paths = {
  home: '/',
  appearance: '/appearance',
  floor: (area: Area, floorId: number | string) => `/room-control/${area}/${floorId}`,
  room: (area: Area, roomId: number | string) => `/room-control/${area}/room/${roomId}`,
  auth: {
    login: '/auth/login',
    classicLogin: '/auth/classic/login',
  },
  error: {
    notFound: '/error/404',
    serverError: '/error/500',
  },
} as const;
