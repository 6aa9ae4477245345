import {
  managesBuilding,
  type MqttDevice,
  type MqttStatus,
  type RoomDevicesAnswer,
} from '@raumregler/contract';
import {
  DeviceListSchema,
  MqttStatusSchema,
  RoomDevicesAnswerSchema,
  RoomDevicesBodySchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { holderOf } from '../../platform/auth/permissions.js';
import { toOffsetIso } from '../../platform/clock/local-time.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { requestActor } from '../audit/index.js';
import { deviceListProblem, roomFromParams, type House } from '../building/index.js';
import { availabilityOf, type DeviceReport } from './rules.js';

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function kindOf(report: DeviceReport): MqttDevice['kind'] {
  if (report.device.setpoint) return 'thermostat';
  if (report.device.temperatureSensor || report.device.humiditySensor) return 'sensor';
  return 'other';
}

/**
 * `GET /api/mqtt/status` (read capability: the app says when the radio gateway is away) and
 * `GET /api/devices/` (building-wide managers: devices are the installation, mapped to any room).
 */
const mqttRoutes: FastifyPluginAsync = async (app) => {
  const time = (at: number) => toOffsetIso(app.clock.local, at);

  app.get(
    '/mqtt/status',
    {
      preHandler: [app.authenticate, app.requireCapability('read')],
      config: {
        docs: {
          summary: 'The broker’s, zigbee2mqtt’s and Home Assistant discovery’s state',
          tags: ['devices'],
        },
      },
      schema: { response: { 200: MqttStatusSchema } },
    },
    (request): MqttStatus => {
      const mqtt = app.mqtt;
      if (!mqtt) return { enabled: false, broker: null, zigbee2mqtt: null, discovery: null };
      const status = mqtt.status(request.house.id);
      return {
        enabled: true,
        broker: { connected: status.broker.connected, since: time(status.broker.since) },
        zigbee2mqtt: status.zigbee2mqtt && {
          base_topic: status.zigbee2mqtt.baseTopic,
          bridge: status.zigbee2mqtt.bridge,
          devices: status.zigbee2mqtt.devices,
        },
        discovery: status.discovery,
      };
    },
  );

  const buildingManager = (
    request: FastifyRequest,
    _reply: unknown,
    done: (error?: Error) => void,
  ) => {
    if (request.user && managesBuilding(holderOf(request.user), app.today())) done();
    else done(new HttpError(403, 'forbidden', 'You may not manage the devices of this building.'));
  };

  /** The building's device list's entries, all or only those named; sorted by name. */
  const deviceEntries = (house: House, only?: ReadonlySet<string>): MqttDevice[] => {
    const now = app.clock.now();
    const rooms = new Map(house.building.listRooms().map((room) => [room.id, room]));
    const roomOf = new Map<string, { id: number; name: string }>();
    for (const [roomId, names] of house.roomDevices.all()) {
      const room = rooms.get(roomId);
      if (room) for (const name of names) roomOf.set(name, { id: room.id, name: room.name });
    }
    const reports = (app.zigbeeOf(house.id)?.registry.reports() ?? []).filter(
      (report) => !only || only.has(report.device.name),
    );
    const devices: MqttDevice[] = reports.map((report) => {
      const { device, state } = report;
      return {
        name: device.name,
        known: true,
        kind: kindOf(report),
        model: device.model,
        vendor: device.vendor,
        description: device.description,
        power: device.mains ? 'mains' : 'battery',
        room: roomOf.get(device.name) ?? null,
        availability: availabilityOf(report, now),
        battery: finite(state.battery),
        linkquality: finite(state.linkquality),
        last_seen: report.lastReportAt === null ? null : time(report.lastReportAt),
        temperature: device.temperatureSensor
          ? finite(state.temperature)
          : finite(state.local_temperature),
        setpoint: device.setpoint ? finite(state[device.setpoint.property]) : null,
      };
    });
    // Names a room lists that zigbee2mqtt does not know (a typo, a device not paired yet).
    const known = new Set(devices.map((device) => device.name));
    for (const [name, room] of roomOf) {
      if (known.has(name) || (only && !only.has(name))) continue;
      devices.push({
        name,
        known: false,
        kind: 'unknown',
        model: null,
        vendor: null,
        description: null,
        power: null,
        room,
        availability: null,
        battery: null,
        linkquality: null,
        last_seen: null,
        temperature: null,
        setpoint: null,
      });
    }
    devices.sort((a, b) => a.name.localeCompare(b.name, 'de'));
    return devices;
  };

  app.get(
    '/devices',
    {
      preHandler: [app.authenticate, buildingManager],
      config: {
        docs: {
          summary: 'Every zigbee2mqtt device, and names rooms list that zigbee2mqtt lacks',
          tags: ['devices'],
        },
      },
      schema: { response: { 200: DeviceListSchema } },
    },
    (request) => ({ devices: deviceEntries(request.house) }),
  );

  app.post(
    '/rooms/:roomId/devices',
    {
      preHandler: [app.authenticate, buildingManager],
      config: {
        docs: {
          summary: 'Set a room’s zigbee2mqtt devices (building-wide managers)',
          description:
            'A JSON body `{"devices": ["TRV Wohnzimmer", "Sensor, Fenster/links"]}` replaces the room’s list (`[]` removes all). A device of another room is moved here (that room gets its own audit entry). Names follow the CLI’s rules (`room devices`): commas and slashes allowed; no `+`, `#`, control characters, empty topic levels, names ending in `/set`, `/get`, `/availability`, or starting with `bridge`; at most 100 characters, 50 devices a room, each once. Sign in with Basic, or `user`/`password` keys in the JSON body. An access token never manages (403).',
          tags: ['devices'],
          json: RoomDevicesBodySchema,
        },
      },
      schema: { response: { 200: RoomDevicesAnswerSchema } },
    },
    async (request): Promise<RoomDevicesAnswer> => {
      const { house } = request;
      const room = roomFromParams(request, house);
      const names = devicesOfBody(request.body);
      const actor = requestActor(request);
      const changed = await app.commit(async (tx) => {
        const before = await house.roomDevices.ofIn(tx, room.id);
        // A device of another room is moved here: a person picking a room for a device means
        // it (decision 88); the other room loses it, with its own entry.
        const others = new Map<number, string[]>();
        for (const name of names) {
          const owner = await house.roomDevices.roomOfIn(tx, name);
          if (owner !== null && owner !== room.id) {
            others.set(owner, [...(others.get(owner) ?? []), name]);
          }
        }
        for (const [otherId, moved] of others) {
          const had = await house.roomDevices.ofIn(tx, otherId);
          const left = had.filter((name) => !moved.includes(name));
          await house.roomDevices.set(tx, otherId, left);
          await app.audit.record(tx, {
            actor,
            action: 'room-devices-changed',
            houseId: house.id,
            roomId: otherId,
            before: { devices: had },
            after: {
              devices: left,
              moved: { to: { id: room.id, name: room.name }, devices: moved },
            },
          });
        }
        const same = before.length === names.length && before.every((name, i) => name === names[i]);
        if (same) return new Set<string>();
        await house.roomDevices.set(tx, room.id, names);
        await app.audit.record(tx, {
          actor,
          action: 'room-devices-changed',
          houseId: house.id,
          roomId: room.id,
          before: { devices: before },
          after: { devices: names },
        });
        return new Set([
          ...names.filter((name) => !before.includes(name)),
          ...before.filter((name) => !names.includes(name)),
        ]);
      });
      await house.building.refresh();
      return {
        room: {
          id: room.id,
          name: room.name,
          devices: [...house.roomDevices.of(room.id)],
        },
        changed: deviceEntries(house, changed),
      };
    },
  );
};

/** The device names of a JSON body `{"devices": [...]}`, checked by the CLI's rules. */
function devicesOfBody(body: unknown): string[] {
  const refuse = (message: string) =>
    new HttpError(400, 'validation_failed', message, { devices: [message] });
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw refuse('Send a JSON body {"devices": [...]} with the devices’ zigbee2mqtt names.');
  }
  const devices = (body as { devices?: unknown }).devices;
  if (!Array.isArray(devices) || !devices.every((name) => typeof name === 'string')) {
    throw refuse('devices must be a list of zigbee2mqtt names (texts); [] removes all.');
  }
  const problem = deviceListProblem(devices as string[]);
  if (problem) throw refuse(`${problem[0]!.toUpperCase()}${problem.slice(1)}.`);
  return devices as string[];
}

export default mqttRoutes;
