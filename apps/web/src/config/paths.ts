/** Every path of the app, relative to the router base /re/home. No component spells a URL. */
export const ROUTER_BASENAME = '/re/home';

/** Where "Contact Us" on the error page writes to. */
export const SUPPORT_MAIL = 'support@raumregler.de';

export type Area = 'smart' | 'pro';

/** Auth screens exist twice: /auth (branded layout) and /auth/classic (plain layout). */
export type AuthLayout = 'branded' | 'classic';
export const authBase = (layout: AuthLayout = 'branded') =>
  layout === 'classic' ? '/auth/classic' : '/auth';

export const paths = {
  home: '/',
  appearance: '/appearance',
  /** "Mein Konto" (issue 31): the signed-in user's own account. */
  account: '/account',
  alarms: '/alarms',
  /** "Mitglieder & Rollen" (issue 34): the building's users, for building-wide managers. */
  members: '/members',
  /** "Integrationen" (issue 35): access tokens, the Prometheus metrics, the API description. */
  integrations: '/integrations',
  /** "Geräte" (issue 36): the zigbee2mqtt devices and their rooms, for building-wide managers. */
  devices: '/devices',
  /** "Gebäude" (issue 37): every building of the user at a glance, for users with several. */
  buildings: '/buildings',
  /** Holidays and other times away (issue 16). */
  absences: '/absences',
  floor: (area: Area, floorId: number | string) => `/room-control/${area}/${floorId}`,
  room: (area: Area, roomId: number | string) => `/room-control/${area}/room/${roomId}`,
  /** The audit log ("Protokoll", issue 14); its filters live in the query. */
  audit: '/audit',
  auditOf: (query: URLSearchParams) => (query.size ? `/audit?${query.toString()}` : '/audit'),
  auth: {
    login: '/auth/login',
    classicLogin: '/auth/classic/login',
    loginIn: (layout?: AuthLayout) => `${authBase(layout)}/login`,
    twoFactor: (layout?: AuthLayout) => `${authBase(layout)}/2fa`,
    resetPassword: (layout?: AuthLayout, email?: string) =>
      `${authBase(layout)}/reset-password${email ? `?email=${encodeURIComponent(email)}` : ''}`,
    resetEnterEmail: (layout?: AuthLayout) => `${authBase(layout)}/reset-password/enter-email`,
    resetCheckEmail: (email?: string, layout?: AuthLayout) =>
      `${authBase(layout)}/reset-password/check-email${email ? `?email=${encodeURIComponent(email)}` : ''}`,
    resetChange: (token: string, email: string, layout?: AuthLayout) =>
      `${authBase(layout)}/reset-password/change?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
    resetChanged: (layout?: AuthLayout) => `${authBase(layout)}/reset-password/changed`,
    /** Issue 34: where a new member's invitation link leads (`?token=…&email=…&user=…`). */
    invitation: (layout?: AuthLayout) => `${authBase(layout)}/invitation`,
  },
  error: {
    root: '/error',
    notFound: '/error/404',
    serverError: '/error/500',
  },
} as const;
