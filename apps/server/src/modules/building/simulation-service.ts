import fp from 'fastify-plugin';
import { targetInForce } from './room-view.js';
import { contextNow } from './views.js';
import { outdoorTemperature, simulateRoom } from './simulation.js';
import type { House } from './houses.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Advances the simulated buildings to now (the timer calls it; tests call it directly);
     * settles once each step is stored and the buildings' snapshots show it.
     */
    simulate: () => Promise<void>;
    /** Calls `listener` after each simulation step with every room as the step left it. */
    onSimulationTick: (listener: SimulationTickListener) => void;
    /**
     * Hands every room's state to the tick listeners (alarms) as a simulation step does: MQTT
     * mode (issue 36) calls it with the rooms as their real devices left them.
     */
    reportRoomStates: SimulationTickListener;
  }
}

/** One room after a simulation step: what the alarm evaluation reads (modules/alarms/service.ts). */
export interface SimulatedRoomState {
  roomId: number;
  mode: string;
  target: number;
  temperature: number | null;
  reportedAt: number | null;
}
export type SimulationTickListener = (
  rooms: readonly SimulatedRoomState[],
  now: number,
  houseId: number,
) => void;

const TICK_MS = 5_000;

/**
 * Runs the thermal simulation every few seconds, never per request: one pass over the rooms and
 * one transaction for all of them. SIM_SPEED scales simulated time; 0 freezes the building.
 */
export default fp<{ speed: number; simulate: boolean }>(
  async (app, { speed, simulate }) => {
    // When each building was last advanced (a building added later starts from then).
    const last = new Map<number, number>();
    const started = app.clock.now();
    const listeners: SimulationTickListener[] = [];
    app.decorate('onSimulationTick', (listener: SimulationTickListener) => {
      listeners.push(listener);
    });
    app.decorate(
      'reportRoomStates',
      (rooms: readonly SimulatedRoomState[], now: number, houseId = app.config.houseId) => {
        for (const listener of listeners) listener(rooms, now, houseId);
      },
    );
    // The server's own building follows its mode (simulate: false in proxy and MQTT mode);
    // another building is simulated when it names neither a device nor a base topic.
    const simulated = (house: House) =>
      house.id === app.config.houseId ? simulate : app.deviceOf(house).kind === 'simulation';
    let running: Promise<void> | null = null;
    // Each building's step under way: one at a time, a slow disk must not let steps pile up.
    const steps = new Map<number, Promise<void>>();
    const stepOne = (house: House): Promise<void> => {
      let step = steps.get(house.id);
      if (!step) {
        step = stepHouse(house).finally(() => steps.delete(house.id));
        steps.set(house.id, step);
      }
      return step;
    };
    const stepHouse = async (house: House) => {
      const now = app.clock.now();
      const seconds = ((now - (last.get(house.id) ?? started)) / 1000) * speed;
      last.set(house.id, now);
      if (seconds <= 0) return;
      const { building } = house;
      // Open windows and silent sensors (CLI `sim window`, `sim sensor`), read on every tick.
      const faults = await house.simFaults.all();
      const context = contextNow(app);
      const wallHour =
        new Date(context.nowWall).getUTCHours() + new Date(context.nowWall).getUTCMinutes() / 60;
      const outdoor = outdoorTemperature(wallHour);
      const scheduleOf = building.schedules();
      const absencesOf = house.absences.byRoom();
      const rooms = building.listRooms();
      const states = new Array<SimulatedRoomState>(rooms.length);
      const updates = rooms.map((room, index) => {
        const target = targetInForce(room, scheduleOf(room.id), context, absencesOf(room.id));
        const fault = faults.get(room.id);
        const next = simulateRoom(
          {
            temperature: room.temperature,
            humidity: room.humidity,
            valveOpen: room.valveOpen,
            target,
            mode: room.mode,
            windowOpen: fault?.windowOpen,
          },
          seconds,
          outdoor,
          Math.random,
        );
        // A switched-off sensor reports nothing: its last reading and time stay as they were.
        const update = fault?.sensorOff
          ? { ...next, temperature: room.temperature, reportedAt: room.sensorReportedAt }
          : { ...next, reportedAt: next.temperature === null ? null : now };
        states[index] = {
          roomId: room.id,
          mode: room.mode,
          target,
          temperature: update.temperature,
          reportedAt: update.reportedAt,
        };
        return { id: room.id, ...update };
      });
      // One transaction for every room, then the snapshot is read again.
      await app.commit((tx) => building.saveSimulation(tx, updates));
      await building.refresh();
      app.reportRoomStates(states, now, house.id);
    };
    const step = async () => {
      for (const house of app.houses.list()) {
        if (!simulated(house)) continue;
        try {
          await stepOne(house);
        } catch (error) {
          // One building's failed step must not stop the others'.
          app.log.error({ err: error, house: house.id }, 'simulation step failed');
        }
      }
    };
    app.decorate('simulate', () => {
      // One step at a time: a slow disk must not let steps pile up on each other.
      running ??= step().finally(() => {
        running = null;
      });
      return running;
    });
    if (speed <= 0) return;
    // Each simulated building's steps are its background work (platform/background): only on
    // the node that holds its lease. A node that takes one over reads the building again first
    // (the rooms as the last node's steps left them, their sensors' last reports included) and
    // simulates from now on: the time before was simulated by that node. In proxy and MQTT mode
    // too: a simulated building may be added (building add).
    app.houses.each((house) => {
      if (!simulated(house)) return;
      let handle: NodeJS.Timeout | null = null;
      return app.background.add(house.id, {
        name: 'simulation',
        async start() {
          await house.building.externalChange();
          last.set(house.id, app.clock.now());
          handle = setInterval(() => {
            stepOne(house).catch((error: unknown) => {
              app.log.error({ err: error, house: house.id }, 'simulation step failed');
            });
          }, TICK_MS);
          handle.unref();
        },
        async stop() {
          if (handle) clearInterval(handle);
          handle = null;
          await steps.get(house.id);
        },
      });
    });
  },
  { name: 'simulation', dependencies: ['database', 'clock', 'background'] },
);
