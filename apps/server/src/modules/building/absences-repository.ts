import type { Database } from 'better-sqlite3';
import { NO_ABSENCES, type Absence, type AbsencePeriod, type NewAbsence } from './absences.js';

interface AbsenceRow {
  id: number;
  name: string;
  starts_at: number;
  ends_at: number;
  target: number;
  created_by: string;
  rooms: string | null;
}

const toAbsence = (row: AbsenceRow): Absence => ({
  id: row.id,
  name: row.name,
  from: row.starts_at,
  to: row.ends_at,
  target: row.target,
  rooms: row.rooms
    ? row.rooms
        .split(',')
        .map(Number)
        .sort((a, b) => a - b)
    : [],
  createdBy: row.created_by,
});

const SELECT = `SELECT a.id, a.name, a.starts_at, a.ends_at, a.target, a.created_by,
    (SELECT group_concat(room_id) FROM absence_rooms WHERE absence_id = a.id) AS rooms
  FROM absences a`;

/**
 * Absences (issue 16). Their effect is read on every temps answer: the ones not over yet are
 * kept in memory per room, reloaded after our writes and when another connection wrote
 * (`version`, the building repository's). `onWrite` moves that version, so cached answers follow.
 */
export function createAbsenceRepository(
  db: Database,
  now: () => number,
  { version, onWrite }: { version: () => string; onWrite: () => void },
) {
  const since = db.prepare<[number], AbsenceRow>(
    `${SELECT} WHERE a.ends_at > ? ORDER BY a.starts_at, a.id`,
  );
  const byId = db.prepare<[number], AbsenceRow>(`${SELECT} WHERE a.id = ?`);
  const insert = db.prepare(
    'INSERT INTO absences (name, starts_at, ends_at, target, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertRoom = db.prepare('INSERT INTO absence_rooms (absence_id, room_id) VALUES (?, ?)');
  const setEnd = db.prepare('UPDATE absences SET ends_at = ? WHERE id = ?');
  const setAll = db.prepare(
    'UPDATE absences SET name = ?, starts_at = ?, ends_at = ?, target = ? WHERE id = ?',
  );
  const removeRooms = db.prepare('DELETE FROM absence_rooms WHERE absence_id = ?');
  const remove = db.prepare('DELETE FROM absences WHERE id = ?');
  const periods = db.prepare<
    [number],
    { room_id: number; id: number; starts_at: number; ends_at: number; target: number }
  >(
    `SELECT r.room_id, a.id, a.starts_at, a.ends_at, a.target
       FROM absences a JOIN absence_rooms r ON r.absence_id = a.id WHERE a.ends_at > ?`,
  );

  let cache: Map<number, AbsencePeriod[]> | null = null;
  let cacheVersion = '';
  const load = () => {
    const current = version();
    if (cache && current === cacheVersion) return cache;
    const map = new Map<number, AbsencePeriod[]>();
    for (const row of periods.all(now())) {
      let list = map.get(row.room_id);
      if (!list) map.set(row.room_id, (list = []));
      list.push({ id: row.id, from: row.starts_at, to: row.ends_at, target: row.target });
    }
    cache = map;
    cacheVersion = current;
    return map;
  };
  const changed = () => {
    cache = null;
    onWrite();
  };

  return {
    /** Each room's absences that are not over yet (the room view checks the instants). */
    byRoom(): (roomId: number) => readonly AbsencePeriod[] {
      const map = load();
      return (roomId) => map.get(roomId) ?? NO_ABSENCES;
    },
    /** Absences ending after `instant`, in the order they start. */
    listEndingAfter(instant: number): Absence[] {
      return since.all(instant).map(toAbsence);
    },
    find(id: number): Absence | null {
      const row = byId.get(id);
      return row ? toAbsence(row) : null;
    },
    create(absence: NewAbsence, createdBy: string): number {
      const id = Number(
        insert.run(absence.name, absence.from, absence.to, absence.target, createdBy, now())
          .lastInsertRowid,
      );
      for (const roomId of absence.rooms) insertRoom.run(id, roomId);
      changed();
      return id;
    },
    /** Replaces every field of an absence (its creator stays); the caller's commit holds it. */
    update(id: number, absence: NewAbsence) {
      setAll.run(absence.name, absence.from, absence.to, absence.target, id);
      removeRooms.run(id);
      for (const roomId of absence.rooms) insertRoom.run(id, roomId);
      changed();
    },
    /** Ends a running absence at `instant`. */
    end(id: number, instant: number) {
      setEnd.run(instant, id);
      changed();
    },
    delete(id: number) {
      remove.run(id);
      changed();
    },
  };
}
export type AbsenceRepository = ReturnType<typeof createAbsenceRepository>;
