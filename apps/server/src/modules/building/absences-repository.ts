import './tables.js';
import type { Sql, Tx } from '../../platform/database/schema.js';
import type { Absence, AbsencePeriod, NewAbsence } from './absences.js';
import type { Selectable } from 'kysely';
import type { AbsencesTable } from './tables.js';

type AbsenceRow = Pick<
  Selectable<AbsencesTable>,
  'id' | 'name' | 'starts_at' | 'ends_at' | 'target' | 'created_by'
>;

/**
 * Absences (issue 16). Their effect is read on every temps answer: the ones not over yet are in
 * the building's snapshot (`building.absences()`), which each write here marks to be read
 * again; the writer refreshes the building after its commit.
 */
export function createAbsenceRepository(
  sql: Sql,
  now: () => number,
  building: {
    absences: () => (roomId: number) => readonly AbsencePeriod[];
    absencesChanged: (tx: Tx) => Promise<void>;
    houseId: number;
  },
) {
  const { houseId } = building;
  /** The absences of these rows with their rooms (sorted), in the rows' order. */
  const withRooms = async (db: Sql | Tx, rows: AbsenceRow[]): Promise<Absence[]> => {
    if (rows.length === 0) return [];
    const links = await db
      .selectFrom('absence_rooms')
      .select(['absence_id', 'room_id'])
      .where(
        'absence_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('room_id')
      .execute();
    const rooms = new Map<number, number[]>();
    for (const link of links) {
      let list = rooms.get(link.absence_id);
      if (!list) rooms.set(link.absence_id, (list = []));
      list.push(link.room_id);
    }
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      from: row.starts_at,
      to: row.ends_at,
      target: row.target,
      rooms: rooms.get(row.id) ?? [],
      createdBy: row.created_by,
    }));
  };
  const select = (db: Sql | Tx) =>
    db
      .selectFrom('absences')
      .select(['id', 'name', 'starts_at', 'ends_at', 'target', 'created_by'])
      .where('house_id', '=', houseId);
  const insertRooms = async (tx: Tx, id: number, roomIds: readonly number[]) => {
    if (roomIds.length === 0) return;
    await tx
      .insertInto('absence_rooms')
      .values(roomIds.map((roomId) => ({ absence_id: id, house_id: houseId, room_id: roomId })))
      .execute();
  };

  return {
    /** Each room's absences that are not over yet (the room view checks the instants). */
    byRoom(): (roomId: number) => readonly AbsencePeriod[] {
      return building.absences();
    },
    /** Absences ending after `instant`, in the order they start. */
    async listEndingAfter(instant: number): Promise<Absence[]> {
      const rows = await select(sql)
        .where('ends_at', '>', instant)
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
      return withRooms(sql, rows);
    },
    /** One absence; inside a commit pass its `tx` to see the commit's own writes. */
    async find(id: number, db: Sql | Tx = sql): Promise<Absence | null> {
      const row = await select(db).where('id', '=', id).executeTakeFirst();
      return row ? ((await withRooms(db, [row]))[0] ?? null) : null;
    },
    async create(tx: Tx, absence: NewAbsence, createdBy: string): Promise<number> {
      const { id } = await tx
        .insertInto('absences')
        .values({
          house_id: houseId,
          name: absence.name,
          starts_at: absence.from,
          ends_at: absence.to,
          target: absence.target,
          created_by: createdBy,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertRooms(tx, id, absence.rooms);
      await building.absencesChanged(tx);
      return id;
    },
    /** Replaces every field of an absence (its creator stays). */
    async update(tx: Tx, id: number, absence: NewAbsence): Promise<void> {
      await tx
        .updateTable('absences')
        .set({
          name: absence.name,
          starts_at: absence.from,
          ends_at: absence.to,
          target: absence.target,
        })
        .where('house_id', '=', houseId)
        .where('id', '=', id)
        .execute();
      await tx.deleteFrom('absence_rooms').where('absence_id', '=', id).execute();
      await insertRooms(tx, id, absence.rooms);
      await building.absencesChanged(tx);
    },
    /** Ends a running absence at `instant`. */
    async end(tx: Tx, id: number, instant: number): Promise<void> {
      await tx
        .updateTable('absences')
        .set({ ends_at: instant })
        .where('house_id', '=', houseId)
        .where('id', '=', id)
        .execute();
      await building.absencesChanged(tx);
    },
    async delete(tx: Tx, id: number): Promise<void> {
      // Its absence_rooms go with it (ON DELETE CASCADE).
      await tx
        .deleteFrom('absences')
        .where('house_id', '=', houseId)
        .where('id', '=', id)
        .execute();
      await building.absencesChanged(tx);
    },
  };
}
export type AbsenceRepository = ReturnType<typeof createAbsenceRepository>;
