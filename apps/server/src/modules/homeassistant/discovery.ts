import { statusTopic } from '../mqtt/index.js';

/**
 * Home Assistant's MQTT discovery of our rooms (issue 36): the pure part. One `climate` entity
 * per room, all of them on one Home Assistant device, the building (decision 0087). Keys as Home
 * Assistant's MQTT climate documents them (home-assistant.io,
 * source/_integrations/climate.mqtt.markdown; homeassistant/components/mqtt/climate.py).
 */

/** What Home Assistant needs of a room to show it. */
export interface ClimateRoom {
  id: number;
  name: string;
  /** Home Assistant's mode: `heat`, `cool` or `off`. */
  mode: HaMode;
  /** The room can cool (in Cooling now, or Cooling before it was switched off). */
  cooling: boolean;
  temperature: number | null;
  humidity: number | null;
  target: number | null;
  /** Valve opening in percent; null when not known. */
  valve: number | null;
  /** The room's limits (issue 34), else the 5–30 °C Home Assistant offers by default. */
  limits: { min: number; max: number } | null;
}

export type HaMode = 'heat' | 'cool' | 'off';
export type HaAction = 'heating' | 'cooling' | 'idle' | 'off';

/** Our operating mode ("Heating", "Cooling", "Off", any case) as Home Assistant's mode. */
export function haMode(mode: string): HaMode {
  const lower = mode.trim().toLowerCase();
  if (lower === 'off') return 'off';
  if (lower === 'cooling') return 'cool';
  return 'heat';
}

/** Home Assistant's mode as the mode action of our room commands. */
export const MODE_ACTIONS: Record<HaMode, 'heating' | 'cooling' | 'off'> = {
  heat: 'heating',
  cool: 'cooling',
  off: 'off',
};

/** What the room is doing: heating (or cooling) while its valve is open, idle, or off. */
export function haAction(room: Pick<ClimateRoom, 'mode' | 'valve'>): HaAction {
  if (room.mode === 'off') return 'off';
  if (room.valve !== null && room.valve > 0) return room.mode === 'cool' ? 'cooling' : 'heating';
  return 'idle';
}

export const DEFAULT_MIN_TEMP = 5;
export const DEFAULT_MAX_TEMP = 30;
/** Our targets' grid (SETPOINT_STEP): Home Assistant's dial moves in the same steps. */
export const TEMP_STEP = 0.5;

/** The object id of a room's entity: `raumregler_<houseId>_<roomId>`. */
export const objectId = (houseId: number, roomId: number) => `raumregler_${houseId}_${roomId}`;

/** `<prefix>/climate/raumregler_<houseId>_<roomId>/config`: the room's discovery config. */
export const configTopic = (prefix: string, houseId: number, roomId: number) =>
  `${prefix}/climate/${objectId(houseId, roomId)}/config`;

/** `raumregler/<houseId>/room/<roomId>`: under it the states and `…/set` commands. */
export const roomTopic = (houseId: number, roomId: number) =>
  `raumregler/${houseId}/room/${roomId}`;

/** The state topics under a room's topic, in the order they are published. */
export const STATE_NAMES = [
  'current_temperature',
  'current_humidity',
  'target',
  'mode',
  'action',
] as const;
export type StateName = (typeof STATE_NAMES)[number];

/** Home Assistant reads `None` on a state topic as "unknown" (a room without a sensor). */
export const NONE = 'None';
const number = (value: number | null) => (value === null ? NONE : String(value));

/** A room's states as the plain text published on its state topics. */
export function climateStates(room: ClimateRoom): Record<StateName, string> {
  return {
    current_temperature: number(room.temperature),
    current_humidity: number(room.humidity),
    target: number(room.target),
    mode: room.mode,
    action: haAction(room),
  };
}

/** The one Home Assistant device all rooms of the building belong to (decision 0087). */
export function buildingDevice(houseId: number, buildingName: string) {
  return {
    identifiers: [`raumregler_${houseId}`],
    name: buildingName,
    manufacturer: 'Raumregler',
    model: 'Raumregler heating controller',
  };
}

/** A room's discovery config (published retained, as JSON). */
export function climateConfig(
  room: ClimateRoom,
  {
    houseId,
    statusHouse = houseId,
    device,
  }: {
    houseId: number;
    /** Whose status topic says the entity is available: the server's (HOUSE_ID) connection. */
    statusHouse?: number;
    device: ReturnType<typeof buildingDevice>;
  },
) {
  const base = roomTopic(houseId, room.id);
  return {
    name: room.name,
    unique_id: objectId(houseId, room.id),
    device,
    modes: room.cooling ? ['heat', 'cool', 'off'] : ['heat', 'off'],
    current_temperature_topic: `${base}/current_temperature`,
    current_humidity_topic: `${base}/current_humidity`,
    temperature_state_topic: `${base}/target`,
    temperature_command_topic: `${base}/target/set`,
    mode_state_topic: `${base}/mode`,
    mode_command_topic: `${base}/mode/set`,
    action_topic: `${base}/action`,
    min_temp: room.limits?.min ?? DEFAULT_MIN_TEMP,
    max_temp: room.limits?.max ?? DEFAULT_MAX_TEMP,
    temp_step: TEMP_STEP,
    temperature_unit: 'C',
    availability_topic: statusTopic(statusHouse),
    payload_available: 'online',
    payload_not_available: 'offline',
  };
}

/**
 * A temperature command's payload: a plain number ("21", "21.5", as Home Assistant sends it),
 * else null. Whether the room takes it (hard limits, its limits, the grid) the room command
 * decides.
 */
export function parseTemperature(payload: string): number | null {
  const text = payload.trim();
  if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A mode command's payload: `heat`, `cool` or `off`, else null. */
export function parseMode(payload: string): HaMode | null {
  const text = payload.trim();
  return text === 'heat' || text === 'cool' || text === 'off' ? text : null;
}
