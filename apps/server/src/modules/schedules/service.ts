import type { Absence as WireAbsence, Week } from '@raumregler/contract';
import fp from 'fastify-plugin';
import type { AbsenceRepository } from '../building/index.js';
import type { BuildingRepository, House } from '../building/index.js';
import { perHouse } from '../building/index.js';
import {
  ABSENCE_LIST_PAST_DAYS,
  absenceState,
  parseAbsence,
  type Absence,
} from '../building/index.js';
import type { Clock } from '../../platform/clock/clock.js';
import { toOffsetIso } from '../../platform/clock/local-time.js';
import type { Actor } from '../audit/index.js';
import { UnknownRoomError } from '../building/index.js';
import { parseWeek, pointsOfWeek, sameWeek, weekOf } from '../building/index.js';
import type { Audit, AuditInput } from '../audit/index.js';
import type { Commit } from '../building/index.js';
import type { Tx } from '../../platform/database/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A building's weekly programmes and absences. */
    schedulesOf: (house: House) => Schedules;
  }
}

/** A refused schedule save or absence: each broken rule under its field or point. */
export class ScheduleValidationError extends Error {
  constructor(readonly messages: Record<string, string[]>) {
    super(Object.values(messages)[0]?.[0] ?? 'The input is invalid.');
  }
}
/** An absence naming a room the user may not manage (issue 34: outside their scope): 403. */
export class OutsideScopeError extends Error {
  constructor() {
    super('You may not change absences of rooms outside your scope.');
  }
}

export class UnknownAbsenceError extends Error {
  constructor(readonly absenceId: number) {
    super('There is no such absence.');
  }
}
export class AbsenceOverError extends Error {
  constructor(readonly absence: Absence) {
    super('The absence is already over.');
  }
}

const DAY_MS = 24 * 3_600_000;

/**
 * Weekly schedules and absences (issue 16): routes (and, as they come, the CLI) change them
 * through these. Each write decides inside one group commit on the data as the writes before it
 * left it, and settles once it is on disk; the room views read the new programme and absences at
 * once (the building's version moves, so no cached temps answer outlives the change).
 */
export function createSchedules({
  building,
  absences,
  commit,
  clock,
  audit: auditLog,
}: {
  building: BuildingRepository;
  absences: AbsenceRepository;
  commit: Commit;
  clock: Pick<Clock, 'now' | 'local'>;
  audit: Pick<Audit, 'record'>;
}) {
  // Every entry names the building (an absence's too, which names no single room).
  const audit = {
    record: (tx: Tx, input: AuditInput) =>
      auditLog.record(tx, { ...input, houseId: building.houseId }),
  };
  /** A write in the group commit; once it is on disk the building's answers show it. */
  const write = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const result = await commit(work);
    await building.refresh();
    return result;
  };
  const wire = (absence: Absence): WireAbsence => ({
    id: absence.id,
    name: absence.name,
    from: toOffsetIso(clock.local, absence.from),
    to: toOffsetIso(clock.local, absence.to),
    target: absence.target,
    rooms: absence.rooms,
    created_by: absence.createdBy,
    state: absenceState(absence, clock.now()),
  });

  return {
    /** A room's week as stored (the room must exist). */
    weekOf(roomId: number): Week {
      return weekOf(building.scheduleOf(roomId));
    },

    /**
     * Replaces a room's week with `raw` (the JSON text of the `week` field). A week equal to the
     * stored one writes nothing; a refused one changes nothing (ScheduleValidationError).
     */
    saveWeek(roomId: number, raw: unknown, actor: Actor): Promise<Week> {
      return write(async (tx) => {
        const room = await building.roomIn(tx, roomId);
        if (!room) throw new UnknownRoomError(roomId);
        const parsed = parseWeek(raw, { min: room.minTarget, max: room.maxTarget });
        if (!parsed.ok) throw new ScheduleValidationError(parsed.messages);
        const before = weekOf(await building.scheduleIn(tx, roomId));
        if (sameWeek(before, parsed.week)) return before;
        await building.replaceSchedule(tx, roomId, pointsOfWeek(parsed.week));
        await audit.record(tx, {
          actor,
          action: 'schedule-saved',
          roomId,
          before: { week: before },
          after: { week: parsed.week },
        });
        return parsed.week;
      });
    },

    /**
     * Running and future absences, and those that ended in the last 30 days. With `mine`
     * (issue 34: a scoped user's rooms) only those holding one of them, showing only them.
     */
    async listAbsences(mine?: (roomId: number) => boolean): Promise<WireAbsence[]> {
      const list = (
        await absences.listEndingAfter(clock.now() - ABSENCE_LIST_PAST_DAYS * DAY_MS)
      ).map(wire);
      if (!mine) return list;
      return list
        .map((absence) => ({ ...absence, rooms: absence.rooms.filter(mine) }))
        .filter((absence) => absence.rooms.length > 0);
    },

    /**
     * A new absence from the form fields of `POST /api/absences/`. `mayManage` (issue 34):
     * every room it names must pass, else OutsideScopeError and nothing changes.
     */
    createAbsence(
      fields: Record<string, unknown>,
      actor: Actor,
      mayManage: (roomId: number) => boolean = () => true,
    ): Promise<WireAbsence> {
      return write(async (tx) => {
        const parsed = parseAbsence(fields, {
          now: clock.now(),
          local: clock.local,
          rooms: building.listRooms(),
        });
        if (!parsed.ok) throw new ScheduleValidationError(parsed.messages);
        if (!parsed.value.rooms.every(mayManage)) throw new OutsideScopeError();
        const id = await absences.create(tx, parsed.value, actorName(actor));
        const absence = wire((await absences.find(id, tx))!);
        await audit.record(tx, { actor, action: 'absence-created', after: auditView(absence) });
        return absence;
      });
    },

    /**
     * Changes an absence with the same fields and rules as a new one (issue 32): an unknown id
     * is UnknownAbsenceError, refused fields change nothing (ScheduleValidationError).
     */
    editAbsence(
      id: number,
      fields: Record<string, unknown>,
      actor: Actor,
      mayManage: (roomId: number) => boolean = () => true,
    ): Promise<WireAbsence> {
      return write(async (tx) => {
        const before = await absences.find(id, tx);
        if (!before) throw new UnknownAbsenceError(id);
        if (!before.rooms.every(mayManage)) throw new OutsideScopeError();
        const parsed = parseAbsence(fields, {
          now: clock.now(),
          local: clock.local,
          rooms: building.listRooms(),
        });
        if (!parsed.ok) throw new ScheduleValidationError(parsed.messages);
        if (!parsed.value.rooms.every(mayManage)) throw new OutsideScopeError();
        await absences.update(tx, id, parsed.value);
        const absence = wire((await absences.find(id, tx))!);
        await audit.record(tx, {
          actor,
          action: 'absence-edited',
          before: auditView(wire(before)),
          after: auditView(absence),
        });
        return absence;
      });
    },

    /** Ends a running absence now, or deletes a future one; one already over: AbsenceOverError. */
    endAbsence(id: number, actor: Actor, mayManage: (roomId: number) => boolean = () => true) {
      return write(async (tx) => {
        const absence = await absences.find(id, tx);
        if (!absence) throw new UnknownAbsenceError(id);
        if (!absence.rooms.every(mayManage)) throw new OutsideScopeError();
        const now = clock.now();
        const state = absenceState(absence, now);
        if (state === 'over') throw new AbsenceOverError(absence);
        if (state === 'future') {
          await absences.delete(tx, id);
          const deleted = wire(absence);
          await audit.record(tx, { actor, action: 'absence-deleted', before: auditView(deleted) });
          return { result: 'deleted' as const, absence: deleted };
        }
        await absences.end(tx, id, now);
        const ended = wire((await absences.find(id, tx))!);
        await audit.record(tx, {
          actor,
          action: 'absence-ended',
          before: auditView(wire(absence)),
          after: auditView(ended),
        });
        return { result: 'ended' as const, absence: ended };
      });
    },
  };
}
export type Schedules = ReturnType<typeof createSchedules>;

/** An absence as its audit entry keeps it (the wire shape without the momentary state). */
const auditView = ({ state: _state, ...absence }: WireAbsence): Record<string, unknown> => absence;

const actorName = (actor: Actor) =>
  actor.kind === 'user' ? actor.username : actor.kind === 'cli' ? 'cli' : actor.name;

export default fp(
  async (app) => {
    app.decorate(
      'schedulesOf',
      perHouse((house) =>
        createSchedules({
          building: house.building,
          absences: house.absences,
          commit: app.commit,
          clock: app.clock,
          audit: app.audit,
        }),
      ),
    );
  },
  { name: 'schedules', dependencies: ['database', 'clock', 'audit', 'building'] },
);
