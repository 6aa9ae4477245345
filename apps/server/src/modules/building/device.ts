import type { Config } from '../../config.js';
import { openSecret } from '../../platform/auth/sealed.js';
import type { House } from './houses.js';

/** The account our server uses on a Controme device: every forwarded request and the poll. */
export interface DeviceAccount {
  user: string;
  password: string;
}

/**
 * Where a building's heating is (issue 37), the one rule every module asks:
 * - `simulation`: nothing real, the simulation moves the rooms;
 * - `proxy`: a Controme server at `url`, spoken to with `account` (null: the sealed account
 *   does not open with this server's token key, so the device is not spoken to);
 * - `mqtt`: zigbee2mqtt's devices under `baseTopic` on MQTT_URL's broker feed the rooms.
 * The server's own building (HOUSE_ID) is as the settings say (UPSTREAM_URL with UPSTREAM_USER
 * and UPSTREAM_PASSWORD; else MQTT_URL with a Z2M_BASE_TOPIC); another one as `building add`
 * stored it.
 */
export type HouseDevice =
  | { kind: 'simulation' }
  | { kind: 'proxy'; url: string; account: DeviceAccount | null }
  | { kind: 'mqtt'; baseTopic: string };

/** What a sealed device account is bound to (platform/auth/sealed.ts). */
export const DEVICE_ACCOUNT_PURPOSE = 'raumregler device account';

/**
 * Whether the server's own building is real and driven over MQTT (issue 36, "mqtt" mode):
 * MQTT_URL set, no UPSTREAM_URL, and a zigbee2mqtt base topic. With UPSTREAM_URL too, or
 * Z2M_BASE_TOPIC set empty, MQTT serves Home Assistant only.
 */
export const drivesBuilding = (config: Pick<Config, 'mqtt' | 'upstreamUrl'>): boolean =>
  config.mqtt !== null && config.upstreamUrl === null && config.mqtt.z2mBaseTopic !== null;

/** The device account of a `building add --upstream-user/--upstream-password`, opened. */
export function openDeviceAccount(tokenKey: Buffer, sealed: string | null): DeviceAccount | null {
  if (!sealed) return null;
  const text = openSecret(tokenKey, DEVICE_ACCOUNT_PURPOSE, sealed);
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<DeviceAccount>;
    return typeof value.user === 'string' && typeof value.password === 'string'
      ? { user: value.user, password: value.password }
      : null;
  } catch {
    return null;
  }
}

/** The building's device (see HouseDevice); `tokenKey` opens a stored account. */
export function deviceOf(
  config: Pick<Config, 'houseId' | 'mqtt' | 'upstreamUrl' | 'upstreamUser' | 'upstreamPassword'>,
  tokenKey: () => Buffer,
  house: Pick<House, 'id' | 'upstreamUrl' | 'upstreamAccount' | 'z2mBaseTopic'>,
): HouseDevice {
  if (house.id === config.houseId) {
    if (config.upstreamUrl) {
      const { upstreamUser: user, upstreamPassword: password } = config;
      return {
        kind: 'proxy',
        url: config.upstreamUrl,
        account: user && password ? { user, password } : null,
      };
    }
    if (drivesBuilding(config)) return { kind: 'mqtt', baseTopic: config.mqtt!.z2mBaseTopic! };
    return { kind: 'simulation' };
  }
  if (house.upstreamUrl) {
    return {
      kind: 'proxy',
      url: house.upstreamUrl,
      account: openDeviceAccount(tokenKey(), house.upstreamAccount),
    };
  }
  if (house.z2mBaseTopic) return { kind: 'mqtt', baseTopic: house.z2mBaseTopic };
  return { kind: 'simulation' };
}
