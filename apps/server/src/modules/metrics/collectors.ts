import { ALARM_KINDS } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { labelValue, requestDurations } from './durations.js';
import type { UserRooms } from '../building/index.js';
import { roomSource, type MetricRoom } from './rooms.js';

/** The route label of a request no route matched (404s, probes): one value, a bounded set. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The per-room gauges: metric name, help, and the room's value it shows. */
const ROOM_GAUGES: [string, string, (room: MetricRoom) => number | null][] = [
  [
    'raumregler_room_temperature_celsius',
    "The room's measured temperature (°C), as temps/ answers it.",
    (room) => room.temperature,
  ],
  [
    'raumregler_room_target_celsius',
    "The room's target in force now (°C), as temps/ answers it (solltemperatur).",
    (room) => room.target,
  ],
  [
    'raumregler_room_humidity_percent',
    "The room's relative humidity (%), as temps/ answers it.",
    (room) => room.humidity,
  ],
  [
    'raumregler_room_valve_percent',
    "The room's valve opening (%) from outs/, by the contract's valvePercent rule.",
    (room) => room.valve,
  ],
];

/**
 * The per-room families in the text format, written here rather than through prom-client's
 * Gauge: 4,000 labelled samples of 1,000 rooms cost ~25 ms through its label checks and hashes,
 * ~1 ms as text (bench/metrics-bench.ts). The labels of a room are escaped once and kept while
 * its name and floor stay.
 */
function roomFamilies(houseId: string) {
  const labels = new Map<number, { name: string; floor: string; text: string }>();
  const labelsOf = (room: MetricRoom) => {
    let known = labels.get(room.id);
    if (!known || known.name !== room.name || known.floor !== room.floor) {
      known = {
        name: room.name,
        floor: room.floor,
        text: `{house_id="${labelValue(houseId)}",room="${labelValue(room.name)}",room_id="${room.id}",floor="${labelValue(room.floor)}"}`,
      };
      labels.set(room.id, known);
    }
    return known.text;
  };
  return (rooms: readonly MetricRoom[]): string => {
    if (labels.size > rooms.length * 2 + 100) labels.clear();
    let text = '';
    for (const [name, help, value] of ROOM_GAUGES) {
      text += `# HELP ${name} ${help}\n# TYPE ${name} gauge\n`;
      for (const room of rooms) {
        const reading = value(room);
        // A room without a value (no sensor, no outputs) has no sample, not a 0.
        if (reading !== null) text += `${name}${labelsOf(room)} ${reading}\n`;
      }
      text += '\n';
    }
    return text;
  };
}

/** prom-client's default gauges with a counter's suffix (see `render`). */
const GAUGES_NAMED_TOTAL = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface AppMetrics {
  /**
   * The app's own registry (never prom-client's global one: tests build many apps): the open
   * alarms, the devices, the sampler's lag and the process' metrics. The rooms' families and the
   * request histogram, the hot ones, are written as text beside it (same format).
   */
  registry: Registry;
  /**
   * Whether a device answers (`raumregler_device_up{device}`): proxy mode's poll feeds it; MQTT
   * mode feeds its devices the same way. `null` removes the device's series.
   */
  deviceUp: (device: string, up: boolean | null) => void;
  /** The request's duration into `raumregler_http_request_duration_seconds`. */
  observeRequest: (method: string, route: string | undefined, status: number, ms: number) => void;
  /** The text exposition for a user with these rooms (their scope: rooms outside it are left out). */
  render: (scope: UserRooms) => Promise<string>;
}

/**
 * The metrics of one app: the rooms, the open alarms per kind, the devices, the HTTP requests,
 * the history sampler's lag, and (from the first scrape on) the process' own metrics.
 */
export function createMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  const houseId = String(app.config.houseId);
  const rooms = roomSource(app, app.houses.own());
  // The scope of the scrape being rendered: set just before `registry.metrics()`, which calls
  // every collect() synchronously before its first await.
  let scope: UserRooms | null = null;

  const roomLines = roomFamilies(houseId);
  new Gauge({
    name: 'raumregler_alarms_open',
    help: 'Open alarms (active or acknowledged, not cleared) per kind.',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const counts = new Map<string, number>(ALARM_KINDS.map((kind) => [kind, 0]));
      // Taken before the first await: the scope is this scrape's only until then (see render).
      const only = scope;
      for (const alarm of await app.alarmsOf(app.houses.own()).repo.listOpen()) {
        // A room's alarm counts for those who see the room; the device's for everyone.
        if (alarm.roomId !== null && only && !only.whole && !only.has(alarm.roomId)) continue;
        counts.set(alarm.kind, (counts.get(alarm.kind) ?? 0) + 1);
      }
      for (const [kind, count] of counts) this.set({ kind }, count);
    },
  });

  const devices = new Gauge({
    name: 'raumregler_device_up',
    help: 'Whether the device answered its last poll (1) or not (0); proxy and MQTT mode.',
    labelNames: ['device'],
    registers: [registry],
  });

  const requests = requestDurations();

  const startedAt = app.clock.now();
  new Gauge({
    name: 'raumregler_history_sampler_lag_seconds',
    help: "How far the history sampler is behind now: now minus the newest stored sample's time (minus the server's start while none is stored).",
    registers: [registry],
    collect() {
      const last = app.historyOf(app.houses.own()).lastSampleAt();
      this.set(Math.max(0, (app.clock.now() - (last ?? startedAt)) / 1000));
    },
  });

  let processMetrics = false;
  return {
    registry,
    deviceUp: (device, up) => {
      if (up === null) devices.remove({ device });
      else devices.set({ device }, up ? 1 : 0);
    },
    observeRequest: (method, route, status, ms) => {
      requests.observe(method, route ?? UNMATCHED_ROUTE, status, ms / 1000);
    },
    render: async (only) => {
      // The process' metrics from the first scrape on: each collector watches the GC and the
      // event loop for good, which an app that is never scraped (a test's) need not pay for.
      if (!processMetrics) {
        collectDefaultMetrics({ register: registry });
        // Gauges named like counters, which `promtool check metrics` rejects; each is the sum
        // of the per-type gauge of the same name without `_total`, which stays.
        for (const name of GAUGES_NAMED_TOTAL) registry.removeSingleMetric(name);
        processMetrics = true;
      }
      const own = rooms().filter((room) => only.whole || only.has(room.id));
      // The collect() of the alarms reads the scope: registry.metrics() calls every collect()
      // synchronously before its first await, so no other scrape's scope is in between.
      scope = only;
      try {
        return roomLines(own) + requests.render() + (await registry.metrics());
      } finally {
        scope = null;
      }
    },
  };
}
