import fp from 'fastify-plugin';
import { targetInForce } from './room-view.js';
import { contextNow } from './views.js';
import { outdoorTemperature, simulateRoom } from './simulation.js';
import { createSimFaultsRepository } from './sim-faults-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Advances the simulated building to now (the timer calls it; tests call it directly);
     * settles once the step is stored and the building's snapshot shows it.
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
export type SimulationTickListener = (rooms: readonly SimulatedRoomState[], now: number) => void;

const TICK_MS = 5_000;

/**
 * Runs the thermal simulation every few seconds, never per request: one pass over the rooms and
 * one transaction for all of them. SIM_SPEED scales simulated time; 0 freezes the building.
 */
export default fp<{ speed: number; timer: boolean }>(
  async (app, { speed, timer }) => {
    let last = app.clock.now();
    const listeners: SimulationTickListener[] = [];
    app.decorate('onSimulationTick', (listener: SimulationTickListener) => {
      listeners.push(listener);
    });
    app.decorate('reportRoomStates', (rooms: readonly SimulatedRoomState[], now: number) => {
      for (const listener of listeners) listener(rooms, now);
    });
    // Open windows and silent sensors (CLI `sim window`, `sim sensor`), read on every tick.
    const faultsRepo = createSimFaultsRepository(app.sql);
    let running: Promise<void> | null = null;
    const step = async () => {
      const now = app.clock.now();
      const seconds = ((now - last) / 1000) * speed;
      last = now;
      if (seconds <= 0) return;
      const building = app.repos.building;
      const faults = await faultsRepo.all();
      const context = contextNow(app);
      const wallHour =
        new Date(context.nowWall).getUTCHours() + new Date(context.nowWall).getUTCMinutes() / 60;
      const outdoor = outdoorTemperature(wallHour);
      const scheduleOf = building.schedules();
      const absencesOf = app.repos.absences.byRoom();
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
      await app.commitBuilding((tx) => building.saveSimulation(tx, updates));
      await building.refresh();
      app.reportRoomStates(states, now);
    };
    app.decorate('simulate', () => {
      // One step at a time: a slow disk must not let steps pile up on each other.
      running ??= step().finally(() => {
        running = null;
      });
      return running;
    });
    if (!timer || speed <= 0) return;
    // Background work of the building (platform/background): only on the node that holds its
    // lease. A node that takes it over reads the building again first (the rooms as the last
    // node's steps left them, their sensors' last reports included) and simulates from now on:
    // the time before was simulated by that node.
    let handle: NodeJS.Timeout | null = null;
    app.background.add(app.config.houseId, {
      name: 'simulation',
      async start() {
        await app.repos.building.externalChange();
        last = app.clock.now();
        handle = setInterval(() => {
          app.simulate().catch((error: unknown) => {
            app.log.error({ err: error }, 'simulation step failed');
          });
        }, TICK_MS);
        handle.unref();
      },
      async stop() {
        if (handle) clearInterval(handle);
        handle = null;
        await running;
      },
    });
  },
  { name: 'simulation', dependencies: ['database', 'clock', 'background'] },
);
