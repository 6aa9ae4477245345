import type { AuditRoomAction } from '@raumregler/contract';
import fp from 'fastify-plugin';
import type { BuildingRepository } from './repository.js';
import type { Room } from './building.js';
import type { Clock } from '../../platform/clock/clock.js';
import { toOffsetIso, wallToEpoch } from '../../platform/clock/local-time.js';
import {
  modeChange,
  permanentChange,
  target,
  temporaryTarget,
  UnknownRoomError,
  type TargetRules,
} from './room-commands.js';
import { isTemporaryActive, targetInForce, viewContext } from './room-view.js';
import { scheduleAt, type Occurrence } from './schedule.js';
import type { Actor, Audit } from '../audit/index.js';
import type { Commit } from '../../platform/database/group-commit.js';
import type { Tx } from '../../platform/database/schema.js';
export type { Commit } from '../../platform/database/group-commit.js';

declare module 'fastify' {
  interface FastifyInstance {
    roomCommands: RoomCommands;
  }
}

/** Runs a write durably: settles once it is on disk (the database plugin's group commit). */

/**
 * The room commands of the app: the device API's writes, the CLI and the coming group actions,
 * audit log and alarms all change rooms through these, never through the repository. Each one
 * checks its inputs against the room (InvalidCommandError, UnknownRoomError), decides with the
 * pure rules of room-commands.ts on the room as it is in the commit, writes through the
 * group commit, records its audit entry in the same transaction and settles with the room after
 * the write is on disk.
 */
export function createRoomCommands({
  building,
  commit,
  clock,
  audit,
}: {
  building: BuildingRepository;
  commit: Commit;
  clock: Pick<Clock, 'now' | 'local'>;
  audit: Pick<Audit, 'record'>;
}) {
  /**
   * What the audit log says of a room before and after a change: the target in force, whether
   * it is temporary and until when; for `soll` the permanent target (a running temporary one
   * hides it); for `betriebsart` the mode too.
   */
  const stateOf = (
    room: Room,
    schedule: readonly Occurrence[],
    action: AuditRoomAction,
    now: number,
  ) => {
    const context = viewContext(clock.local, now);
    if (action === 'soll') {
      return {
        target: scheduleAt(schedule, room.baseTarget, context.nowWall).target,
        temporary: false,
      };
    }
    const temporary = isTemporaryActive(room, now);
    return {
      target: targetInForce(room, schedule, context),
      temporary,
      ...(temporary ? { until: toOffsetIso(clock.local, room.temporary!.until) } : {}),
      ...(action === 'betriebsart' ? { mode: room.mode } : {}),
    };
  };

  /**
   * One command: its decision, its write and its audit entry run inside one commit, on the room
   * as the commands before it left it. A refused command throws before anything is written, so
   * it leaves neither a change nor an entry.
   */
  const run = async (
    roomId: number,
    actor: Actor,
    action: AuditRoomAction,
    change: (tx: Tx, room: Room, schedule: readonly Occurrence[]) => Promise<void>,
  ): Promise<Room> => {
    await commit(async (tx) => {
      // The room and its week as the commit's earlier writes left them.
      const room = await building.roomIn(tx, roomId);
      if (!room) throw new UnknownRoomError(roomId);
      const schedule = await building.scheduleIn(tx, roomId);
      const now = clock.now();
      const before = stateOf(room, schedule, action, now);
      await change(tx, room, schedule);
      const changed = (await building.roomIn(tx, roomId))!;
      const after = action === 'soll' ? await building.scheduleIn(tx, roomId) : schedule;
      await audit.record(tx, {
        actor,
        action,
        roomId,
        before,
        after: stateOf(changed, after, action, now),
        durationMinutes:
          action === 'ziel' && changed.temporary
            ? Math.round((changed.temporary.until - now) / 60_000)
            : null,
      });
    });
    // The room as it is after the commit, as every write has always answered.
    await building.refresh();
    return building.findRoom(roomId)!;
  };
  return {
    /**
     * A temporary target for `minutes` (nothing, 0 or "default": the default 60), or until the
     * device-local wall time `until` when one is given (it wins over the minutes).
     */
    setTemporary(
      roomId: number,
      target: unknown,
      minutes: unknown,
      actor: Actor,
      until?: unknown,
      rules: TargetRules = {},
    ) {
      return run(roomId, actor, 'ziel', async (tx, room) => {
        const temporary = temporaryTarget(
          room,
          target,
          minutes,
          clock.now(),
          { until, local: clock.local },
          rules,
        );
        await building.setTemporary(tx, room.id, temporary.target, temporary.until);
      });
    },
    /**
     * A temporary target until the room's next scheduled change, or for `maxMinutes` where none
     * comes sooner (Home Assistant's commands: issue 36). Checked like every target (`rules`).
     */
    setTemporaryUntilNextChange(
      roomId: number,
      setpoint: unknown,
      maxMinutes: number,
      actor: Actor,
      rules: TargetRules = {},
    ) {
      return run(roomId, actor, 'ziel', async (tx, room, schedule) => {
        const value = target(room, setpoint, rules);
        const now = clock.now();
        const context = viewContext(clock.local, now);
        const { next } = scheduleAt(schedule, room.baseTarget, context.nowWall);
        const latest = now + maxMinutes * 60_000;
        const change = next ? wallToEpoch(clock.local, next.dueWall) : null;
        // At least a minute, as every temporary target lasts.
        const until = Math.max(now + 60_000, change === null ? latest : Math.min(change, latest));
        await building.setTemporary(tx, room.id, value, until);
      });
    },
    /** A permanent target: today's block of the programme, or the base without a programme. */
    setPermanent(roomId: number, target: unknown, actor: Actor, rules: TargetRules = {}) {
      return run(roomId, actor, 'soll', async (tx, room, schedule) => {
        const nowWall = clock.local.toWall(clock.now());
        const change = permanentChange(room, target, schedule, nowWall, rules);
        if (change.kind === 'occurrence') {
          await building.setOccurrenceTarget(tx, change.pointId, change.day, change.target);
        } else {
          await building.setBaseTarget(tx, room.id, change.target);
        }
      });
    },
    /**
     * Sets or removes (null) the room's limits (issue 34), checked by the caller
     * (roomLimitsProblem), with its `limits-changed` entry in the same commit. Answers the room.
     */
    async setLimits(roomId: number, limits: { min: number; max: number } | null, actor: Actor) {
      await commit(async (tx) => {
        const room = await building.roomIn(tx, roomId);
        if (!room) throw new UnknownRoomError(roomId);
        await building.setLimits(tx, roomId, limits);
        await audit.record(tx, {
          actor,
          action: 'limits-changed',
          roomId,
          before: { limits: room.limits },
          after: { limits },
        });
      });
      await building.refresh();
      return building.findRoom(roomId)!;
    },
    /** Ends a temporary target; idempotent, so ending none changes nothing. */
    endTemporary(roomId: number, actor: Actor) {
      return run(roomId, actor, 'resettemp', (tx, room) => building.clearTemporary(tx, room.id));
    },
    /** `heating`, `cooling`, `off`, or `on` (back to the mode before `off`). */
    changeMode(roomId: number, action: unknown, actor: Actor) {
      return run(roomId, actor, 'betriebsart', async (tx, room) => {
        const { mode, previousMode } = modeChange(room, action);
        await building.setMode(tx, room.id, mode, previousMode);
      });
    },
  };
}
export type RoomCommands = ReturnType<typeof createRoomCommands>;

export default fp(
  async (app) => {
    app.decorate(
      'roomCommands',
      createRoomCommands({
        building: app.repos.building,
        // Every room command changes the building: the other nodes hear of it.
        commit: app.commitBuilding,
        clock: app.clock,
        audit: app.audit,
      }),
    );
  },
  { name: 'room-commands', dependencies: ['database', 'clock', 'audit'] },
);
