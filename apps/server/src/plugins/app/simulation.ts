import fp from 'fastify-plugin';
import { targetInForce } from '../../domain/room-view.js';
import { outdoorTemperature, simulateRoom } from '../../domain/simulation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Advances the simulated building to now (the timer calls it; tests call it directly). */
    simulate: () => void;
  }
}

const TICK_MS = 5_000;

/**
 * Runs the thermal simulation every few seconds, never per request: one pass over the rooms and
 * one transaction for all of them. SIM_SPEED scales simulated time; 0 freezes the building.
 */
export default fp<{ speed: number; timer: boolean }>(
  async (app, { speed, timer }) => {
    let last = app.clock.now();
    app.decorate('simulate', () => {
      const now = app.clock.now();
      const seconds = ((now - last) / 1000) * speed;
      last = now;
      if (seconds <= 0) return;
      const building = app.repos.building;
      const context = app.clock.context();
      const wallHour =
        new Date(context.nowWall).getUTCHours() + new Date(context.nowWall).getUTCMinutes() / 60;
      const outdoor = outdoorTemperature(wallHour);
      const scheduleOf = building.schedules();
      const absencesOf = app.repos.absences.byRoom();
      const updates = building.listRooms().map((room) => {
        const next = simulateRoom(
          {
            temperature: room.temperature,
            humidity: room.humidity,
            valveOpen: room.valveOpen,
            target: targetInForce(room, scheduleOf(room.id), context, absencesOf(room.id)),
            mode: room.mode,
          },
          seconds,
          outdoor,
          Math.random,
        );
        return { id: room.id, ...next, reportedAt: next.temperature === null ? null : now };
      });
      building.saveSimulation(updates);
    });
    if (!timer || speed <= 0) return;
    const handle = setInterval(() => {
      try {
        app.simulate();
      } catch (error) {
        app.log.error({ err: error }, 'simulation step failed');
      }
    }, TICK_MS);
    handle.unref();
    app.addHook('onClose', async () => clearInterval(handle));
  },
  { name: 'simulation', dependencies: ['database', 'clock'] },
);
