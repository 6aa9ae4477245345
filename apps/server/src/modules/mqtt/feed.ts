import type { FastifyInstance } from 'fastify';
import {
  contextNow,
  targetInForce,
  type House,
  type SimulatedRoomState,
} from '../building/index.js';
import { measuredRoom } from './drive-rules.js';
import type { DeviceRegistry } from './registry.js';
import type { DeviceReport } from './rules.js';

/** At most one write of the rooms' measured values a second, and only when something changed. */
export const FEED_MS = 1_000;
/** The alarms' evaluation (too cold, too warm, sensor silent) runs this often, as the simulation's. */
export const REPORT_MS = 5_000;

export interface RoomFeed {
  /** Writes the rooms whose measured values changed (one transaction); with `report`, hands every room to the tick listeners (alarms). */
  flush(report?: boolean): Promise<void>;
  close(): void;
}

/**
 * MQTT mode (issue 36; per building, issue 37): a building's rooms table is fed by the real devices instead of the simulation.
 * A room with devices takes temperature, humidity, valve and report time from them
 * (`measuredRoom`); a room without devices shows no sensor. Messages only mark the feed dirty;
 * a timer writes the changed rooms in one transaction at most once a second, and every few
 * seconds the rooms go to the same listeners a simulation step feeds (alarms), so schedules,
 * absences, alarms, history, overview and room rights work unchanged.
 */
export function createRoomFeed(
  app: FastifyInstance,
  house: House,
  registry: DeviceRegistry,
  /** After each write, with the building's version before and after it (only values moved). */
  onSaved: (before: string, after: string) => void = () => {},
): RoomFeed {
  const { building } = house;
  let dirty = true;
  const unsubscribe = registry.onChange(() => {
    dirty = true;
  });

  const flush = async (report = false) => {
    const now = app.clock.now();
    const rooms = building.listRooms();
    const devices = house.roomDevices.all();
    const updates: {
      id: number;
      temperature: number | null;
      humidity: number | null;
      valveOpen: boolean;
      reportedAt: number | null;
    }[] = [];
    const measured = new Map<number, ReturnType<typeof measuredRoom>>();
    for (const room of rooms) {
      const names = devices.get(room.id) ?? [];
      const reports = names.flatMap((name): DeviceReport[] => {
        const found = registry.report(name);
        return found ? [found] : [];
      });
      const values = measuredRoom(reports, now);
      measured.set(room.id, values);
      if (
        values.temperature !== room.temperature ||
        values.humidity !== room.humidity ||
        values.valveOpen !== room.valveOpen ||
        values.reportedAt !== room.sensorReportedAt
      ) {
        updates.push({ id: room.id, ...values });
      }
    }
    if (updates.length > 0) {
      const before = building.version();
      await app.commit((tx) => building.saveSimulation(tx, updates));
      await building.refresh();
      onSaved(before, building.version());
    }
    dirty = false;
    if (!report) return;
    const context = contextNow(app);
    const scheduleOf = building.schedules();
    const absencesOf = house.absences.byRoom();
    const states: SimulatedRoomState[] = rooms.map((room) => {
      const values = measured.get(room.id)!;
      return {
        roomId: room.id,
        mode: room.mode,
        target: targetInForce(room, scheduleOf(room.id), context, absencesOf(room.id)),
        temperature: values.temperature,
        reportedAt: values.reportedAt,
      };
    });
    app.reportRoomStates(states, now, house.id);
  };

  let last = Date.now();
  let flushing = false;
  const timer = setInterval(() => {
    // One write at a time: a slow disk must not let them pile up.
    if (flushing) return;
    const due = Date.now() - last >= REPORT_MS;
    if (due) last = Date.now();
    if (!dirty && !due) return;
    flushing = true;
    flush(due)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'MQTT: writing the rooms from their devices failed');
      })
      .finally(() => {
        flushing = false;
      });
  }, FEED_MS);
  timer.unref();
  return {
    flush,
    close: () => {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
