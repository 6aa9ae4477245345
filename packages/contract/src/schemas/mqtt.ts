/**
 * Our MQTT endpoints (issue 36, docs/mqtt.md): the broker's, zigbee2mqtt's and Home Assistant
 * discovery's state, and the zigbee2mqtt devices. Times are the device's local time with its
 * UTC offset.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './device.js';

const Availability = Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Null()]);

/** `GET /api/mqtt/status` (read capability). Without MQTT_URL: `enabled: false`, the rest null. */
export const MqttStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  broker: Type.Union([
    Type.Object({
      connected: Type.Boolean(),
      /** Since when connected (or, when not, since when not), e.g. 2026-11-27T07:40:00+01:00. */
      since: Type.String(),
    }),
    Type.Null(),
  ]),
  /** null without MQTT_URL or with Z2M_BASE_TOPIC set empty (Home Assistant only). */
  zigbee2mqtt: Type.Union([
    Type.Object({
      base_topic: Type.String(),
      /** `<base>/bridge/state`: zigbee2mqtt running, stopped, or not heard of (null). */
      bridge: Availability,
      /** Devices in `<base>/bridge/devices` (the coordinator not counted). */
      devices: Type.Integer(),
    }),
    Type.Null(),
  ]),
  discovery: Type.Union([
    Type.Object({ enabled: Type.Boolean(), prefix: Type.String() }),
    Type.Null(),
  ]),
});
export type MqttStatus = Static<typeof MqttStatusSchema>;

/** One zigbee2mqtt device, or a name a room lists that zigbee2mqtt does not know (`known: false`). */
export const MqttDeviceSchema = Type.Object({
  /** zigbee2mqtt's friendly name (may hold commas and slashes). */
  name: Type.String(),
  known: Type.Boolean(),
  kind: Type.Union([
    Type.Literal('thermostat'),
    Type.Literal('sensor'),
    Type.Literal('other'),
    Type.Literal('unknown'),
  ]),
  model: Nullable(Type.String()),
  vendor: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** `battery` or `mains`; null when unknown. */
  power: Type.Union([Type.Literal('battery'), Type.Literal('mains'), Type.Null()]),
  room: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  availability: Availability,
  /** %, as the device last reported. */
  battery: Nullable(Type.Number()),
  linkquality: Nullable(Type.Number()),
  /** The device's last report; null before one. */
  last_seen: Nullable(Type.String()),
  /** A sensor's `temperature`, else a thermostat's `local_temperature`, °C. */
  temperature: Nullable(Type.Number()),
  /** A thermostat's reported setpoint, °C. */
  setpoint: Nullable(Type.Number()),
});
export type MqttDevice = Static<typeof MqttDeviceSchema>;

/** `GET /api/devices/` (building-wide managers): every device, by name. */
export const DeviceListSchema = Type.Object({ devices: Type.Array(MqttDeviceSchema) });
export type DeviceList = Static<typeof DeviceListSchema>;

/**
 * `POST /api/rooms/{roomId}/devices` (building-wide managers): the room's new device list, as
 * JSON (names may hold commas and slashes). A device of another room is moved here.
 */
export const RoomDevicesBodySchema = Type.Object({
  devices: Type.Array(Type.String(), {
    description:
      'zigbee2mqtt friendly names, in order; they replace the room’s list ([] removes all). A device of another room is moved here.',
  }),
});
export type RoomDevicesBody = Static<typeof RoomDevicesBodySchema>;

/**
 * Its answer: the room's devices now, and the device list entries (as `GET /api/devices/` shows
 * them now) of every device whose room changed: added, moved here, or removed (room null).
 */
export const RoomDevicesAnswerSchema = Type.Object({
  room: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    devices: Type.Array(Type.String()),
  }),
  changed: Type.Array(MqttDeviceSchema),
});
export type RoomDevicesAnswer = Static<typeof RoomDevicesAnswerSchema>;
