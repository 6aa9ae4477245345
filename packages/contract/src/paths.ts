/** Paths of the device API, relative to the API root (`/` for tools, `/api` for the web app). */
export const DEFAULT_HOUSE_ID = 1;

export const deviceApiPaths = {
  info: (houseId = DEFAULT_HOUSE_ID) => `/get/json/v1/${houseId}/info/`,
  temps: (houseId = DEFAULT_HOUSE_ID) => `/get/json/v1/${houseId}/temps/`,
  roomTemps: (roomId: number, houseId = DEFAULT_HOUSE_ID) =>
    `/get/json/v1/${houseId}/temps/${roomId}/`,
  rooms: (houseId = DEFAULT_HOUSE_ID) => `/get/json/v1/${houseId}/rooms/`,
  outs: (houseId = DEFAULT_HOUSE_ID) => `/get/json/v1/${houseId}/outs/`,
  permissions: (houseId = DEFAULT_HOUSE_ID) => `/get/json/v1/${houseId}/permissions/`,
  setTarget: (roomId: number, houseId = DEFAULT_HOUSE_ID) =>
    `/set/json/v1/${houseId}/ziel/${roomId}/`,
  endTemporary: (roomId: number, houseId = DEFAULT_HOUSE_ID) =>
    `/set/json/v1/${houseId}/resettemp/${roomId}/`,
  setPermanent: (roomId: number, houseId = DEFAULT_HOUSE_ID) =>
    `/set/json/v1/${houseId}/soll/${roomId}/`,
  setOperatingMode: (roomId: number, houseId = DEFAULT_HOUSE_ID) =>
    `/set/json/v1/${houseId}/rooms/${roomId}/`,
} as const;

export const accountPaths = {
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  user: '/user',
  /** Ours, only under `/api`: the signed-in user sets a new password ("Mein Konto"). */
  changePassword: '/user/password',
  /** Public runtime configuration the app reads before sign-in (demo login, forwarding host). */
  appConfig: '/app-config',
} as const;
