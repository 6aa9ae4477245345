import { managesBuilding, type MqttDevice, type MqttStatus } from '@raumregler/contract';
import { DeviceListSchema, MqttStatusSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { holderOf } from '../../platform/auth/permissions.js';
import { toOffsetIso } from '../../platform/clock/local-time.js';
import { HttpError } from '../../platform/http/error-handler.js';
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
      schema: { response: { 200: MqttStatusSchema } },
    },
    (): MqttStatus => {
      const mqtt = app.mqtt;
      if (!mqtt) return { enabled: false, broker: null, zigbee2mqtt: null, discovery: null };
      const status = mqtt.status();
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

  app.get(
    '/devices',
    {
      preHandler: [app.authenticate, buildingManager],
      schema: { response: { 200: DeviceListSchema } },
    },
    () => {
      const now = app.clock.now();
      const rooms = new Map(app.repos.building.listRooms().map((room) => [room.id, room]));
      const roomOf = new Map<string, { id: number; name: string }>();
      for (const [roomId, names] of app.repos.roomDevices.all()) {
        const room = rooms.get(roomId);
        if (room) for (const name of names) roomOf.set(name, { id: room.id, name: room.name });
      }
      const reports = app.mqtt?.registry?.reports() ?? [];
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
        if (known.has(name)) continue;
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
      return { devices };
    },
  );
};

export default mqttRoutes;
