import fp from 'fastify-plugin';
import type { BuildingRepository } from '../../db/repositories/building.js';
import type { Room } from '../../domain/building.js';
import type { Clock } from '../../domain/clock.js';
import {
  modeChange,
  permanentChange,
  temporaryTarget,
  UnknownRoomError,
  type Actor,
} from '../../domain/room-commands.js';

declare module 'fastify' {
  interface FastifyInstance {
    roomCommands: RoomCommands;
  }
}

/** Runs a write durably: settles once it is on disk (the database plugin's group commit). */
export type Commit = <T>(work: () => T) => Promise<T>;

/**
 * The room commands of the app: the device API's writes, the CLI and the coming group actions,
 * audit log and alarms all change rooms through these, never through the repository. Each one
 * checks its inputs against the room (InvalidCommandError, UnknownRoomError), decides with the
 * pure rules of domain/room-commands.ts on the room as it is in the commit, writes through the
 * group commit and settles with the room after the write is on disk.
 */
export function createRoomCommands({
  building,
  commit,
  clock,
}: {
  building: BuildingRepository;
  commit: Commit;
  clock: Pick<Clock, 'now' | 'local'>;
}) {
  /**
   * One command: its decision and write run inside the commit, on the room as the commands
   * before it left it. The coming audit log writes its entry for `actor` here, in the same
   * transaction as the change.
   */
  const run = async (
    roomId: number,
    _actor: Actor,
    change: (room: Room) => void,
  ): Promise<Room> => {
    await commit(() => {
      const room = building.findRoom(roomId);
      if (!room) throw new UnknownRoomError(roomId);
      change(room);
    });
    // The room as it is after the commit, as every write has always answered.
    return building.findRoom(roomId)!;
  };
  return {
    /**
     * A temporary target for `minutes` (nothing, 0 or "default": the default 60), or until the
     * device-local wall time `until` when one is given (it wins over the minutes).
     */
    setTemporary(roomId: number, target: unknown, minutes: unknown, actor: Actor, until?: unknown) {
      return run(roomId, actor, (room) => {
        const temporary = temporaryTarget(room, target, minutes, clock.now(), {
          until,
          local: clock.local,
        });
        building.setTemporary(room.id, temporary.target, temporary.until);
      });
    },
    /** A permanent target: today's block of the programme, or the base without a programme. */
    setPermanent(roomId: number, target: unknown, actor: Actor) {
      return run(roomId, actor, (room) => {
        const nowWall = clock.local.toWall(clock.now());
        const change = permanentChange(room, target, building.scheduleOf(room.id), nowWall);
        if (change.kind === 'occurrence') {
          building.setOccurrenceTarget(change.pointId, change.day, change.target);
        } else {
          building.setBaseTarget(room.id, change.target);
        }
      });
    },
    /** Ends a temporary target; idempotent, so ending none changes nothing. */
    endTemporary(roomId: number, actor: Actor) {
      return run(roomId, actor, (room) => building.clearTemporary(room.id));
    },
    /** `heating`, `cooling`, `off`, or `on` (back to the mode before `off`). */
    changeMode(roomId: number, action: unknown, actor: Actor) {
      return run(roomId, actor, (room) => {
        const { mode, previousMode } = modeChange(room, action);
        building.setMode(room.id, mode, previousMode);
      });
    },
  };
}
export type RoomCommands = ReturnType<typeof createRoomCommands>;

export default fp(
  async (app) => {
    app.decorate(
      'roomCommands',
      createRoomCommands({ building: app.repos.building, commit: app.commit, clock: app.clock }),
    );
  },
  { name: 'room-commands', dependencies: ['database', 'clock'] },
);
