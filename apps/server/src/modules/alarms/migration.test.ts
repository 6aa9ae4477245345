import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrationsDir } from '../../platform/database/migrate.js';

const migrations = migrationsDir('sqlite');

describe('migration 009: alarms keep their floor id', () => {
  it("backfills the earlier alarms from their room's floor, NULL where the room is gone", () => {
    const db = new Database(':memory:');
    // The database as it was before: every migration up to 008.
    for (const file of readdirSync(migrations).sort()) {
      if (Number.parseInt(file, 10) >= 9) continue;
      db.exec(readFileSync(path.join(migrations, file), 'utf8'));
    }
    db.pragma('user_version = 8');
    db.exec(`INSERT INTO floors (id, name, position) VALUES (1, 'EG', 0), (2, 'OG', 1)`);
    db.exec(`INSERT INTO rooms (id, floor_id, name, position, base_target)
      VALUES (5, 2, 'Schlafzimmer', 0, 20)`);
    const alarm = db.prepare(
      `INSERT INTO alarms (room_id, room_name, floor_name, kind, since, opened_at)
       VALUES (?, ?, 'OG', 'too-cold', 0, 0)`,
    );
    alarm.run(5, 'Schlafzimmer');
    alarm.run(77, 'Abgerissen');

    expect(migrate(db)).toBeGreaterThanOrEqual(9);
    expect(db.prepare('SELECT room_id, floor_id FROM alarms ORDER BY id').all()).toEqual([
      { room_id: 5, floor_id: 2 },
      { room_id: 77, floor_id: null },
    ]);
    db.close();
  });
});
