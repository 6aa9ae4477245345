import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

describe('migration 008 (device-offline alarms, issue 32)', () => {
  it('keeps every alarm and its mails, lets an alarm have no room, and still cascades', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    for (const file of readdirSync(dir).sort()) {
      if (Number.parseInt(file, 10) > 7) continue;
      db.exec(readFileSync(path.join(dir, file), 'utf8'));
    }
    db.pragma('user_version = 7');
    db.exec(`INSERT INTO alarms (room_id, room_name, floor_name, kind, since, opened_at, value,
               target, state, acknowledged_by, note)
             VALUES (3, 'Büro', 'EG', 'too-cold', 1, 2, 15.5, 21, 'acknowledged', 'demo', 'ok');
             INSERT INTO alarm_mails (alarm_id, recipient, language, due_at, next_attempt_at, sent_at)
             VALUES (1, 'haus@example.com', 'de', 2, 2, 3)`);
    const before = db.prepare('SELECT * FROM alarms').all();
    migrate(db);
    // 009 adds each alarm's floor_id after this migration; the rest is kept as it was.
    const after = (db.prepare('SELECT * FROM alarms').all() as Record<string, unknown>[]).map(
      ({ floor_id: _floorId, ...row }) => row,
    );
    expect(after).toEqual(before);
    expect(db.prepare('SELECT alarm_id, recipient, sent_at FROM alarm_mails').all()).toEqual([
      { alarm_id: 1, recipient: 'haus@example.com', sent_at: 3 },
    ]);
    db.exec(`INSERT INTO alarms (kind, since, opened_at) VALUES ('device-offline', 5, 5)`);
    // Only device-offline has no room; a room alarm needs its room.
    expect(() =>
      db.exec(`INSERT INTO alarms (kind, since, opened_at) VALUES ('too-warm', 5, 5)`),
    ).toThrow(/CHECK/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.exec('DELETE FROM alarms WHERE id = 1');
    expect(db.prepare('SELECT count(*) AS n FROM alarm_mails').get()).toEqual({ n: 0 });
  });
});
