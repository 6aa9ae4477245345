import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrationsDir } from './migrate.js';

const dir = migrationsDir('sqlite');

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
    // 009 adds each alarm's floor_id after this migration, 016 its device; the rest is kept.
    const after = (db.prepare('SELECT * FROM alarms').all() as Record<string, unknown>[]).map(
      ({ floor_id: _floorId, device: _device, device_kind: _kind, house_id: _house, ...row }) =>
        row,
    );
    expect(after).toEqual(before);
    expect(db.prepare('SELECT alarm_id, recipient, sent_at FROM alarm_mails').all()).toEqual([
      { alarm_id: 1, recipient: 'haus@example.com', sent_at: 3 },
    ]);
    db.exec(
      `INSERT INTO alarms (house_id, kind, since, opened_at) VALUES (1, 'device-offline', 5, 5)`,
    );
    // Only device-offline has no room; a room alarm needs its room.
    expect(() =>
      db.exec(`INSERT INTO alarms (house_id, kind, since, opened_at) VALUES (1, 'too-warm', 5, 5)`),
    ).toThrow(/CHECK/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.exec('DELETE FROM alarms WHERE id = 1');
    expect(db.prepare('SELECT count(*) AS n FROM alarm_mails').get()).toEqual({ n: 0 });
  });
});

describe('migration 016 (device alarms, issue 36)', () => {
  const upTo15 = () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    for (const file of readdirSync(dir).sort()) {
      if (Number.parseInt(file, 10) > 15) continue;
      db.exec(readFileSync(path.join(dir, file), 'utf8'));
    }
    db.pragma('user_version = 15');
    return db;
  };
  const insert = (db: Database.Database, fields: Record<string, unknown>) => {
    const row = { house_id: 1, room_id: 1, kind: 'too-cold', since: 5, opened_at: 5, ...fields };
    const names = Object.keys(row);
    db.prepare(
      `INSERT INTO alarms (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
    ).run(row);
  };

  it('keeps every alarm and its mails with no device, and takes device alarms one per device and kind', () => {
    const db = upTo15();
    db.exec(`INSERT INTO alarms (room_id, room_name, floor_name, floor_id, kind, since, opened_at,
               value, target, state, acknowledged_by, note)
             VALUES (3, 'Büro', 'EG', 1, 'too-cold', 1, 2, 15.5, 21, 'acknowledged', 'demo', 'ok');
             INSERT INTO alarms (kind, since, opened_at) VALUES ('device-offline', 5, 5);
             INSERT INTO alarm_mails (alarm_id, recipient, language, due_at, next_attempt_at, sent_at)
             VALUES (1, 'haus@example.com', 'de', 2, 2, 3)`);
    const before = db.prepare('SELECT * FROM alarms ORDER BY id').all();
    expect(migrate(db)).toBeGreaterThanOrEqual(16);
    const after = db.prepare('SELECT * FROM alarms ORDER BY id').all() as Record<string, unknown>[];
    expect(after.map(({ device: _d, device_kind: _k, house_id: _h, ...row }) => row)).toEqual(
      before,
    );
    expect(after.map((row) => [row.device, row.device_kind])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(db.prepare('SELECT alarm_id, recipient, sent_at FROM alarm_mails').all()).toEqual([
      { alarm_id: 1, recipient: 'haus@example.com', sent_at: 3 },
    ]);

    // Two thermostats of one room offline at once: one alarm each; the same one twice: refused.
    insert(db, { kind: 'device-offline', device: 'TRV links', device_kind: 'thermostat' });
    insert(db, { kind: 'device-offline', device: 'TRV rechts', device_kind: 'thermostat' });
    insert(db, { kind: 'battery-low', device: 'TRV links', device_kind: 'thermostat', value: 9 });
    insert(db, { kind: 'device-unconfirmed', device: 'TRV links', device_kind: 'thermostat' });
    expect(() =>
      insert(db, { kind: 'device-offline', device: 'TRV links', device_kind: 'thermostat' }),
    ).toThrow(/UNIQUE/);
    // A room's own alarm is still one per room and kind, beside its devices' alarms.
    insert(db, { room_id: 1, kind: 'too-cold' });
    expect(() => insert(db, { room_id: 1, kind: 'too-cold' })).toThrow(/UNIQUE/);
    // Device kinds need a device and a room; room kinds take none; proxy's stays one of no room.
    expect(() => insert(db, { kind: 'battery-low' })).toThrow(/CHECK/);
    expect(() =>
      insert(db, { kind: 'battery-low', room_id: null, device: 'x', device_kind: 'other' }),
    ).toThrow(/CHECK/);
    expect(() => insert(db, { kind: 'too-warm', device: 'x', device_kind: 'other' })).toThrow(
      /CHECK/,
    );
    expect(() => insert(db, { kind: 'battery-low', device: 'x' })).toThrow(/CHECK/);
    expect(() => insert(db, { room_id: null, kind: 'device-offline' })).toThrow(/UNIQUE/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.exec('DELETE FROM alarms WHERE id = 1');
    expect(db.prepare('SELECT count(*) AS n FROM alarm_mails').get()).toEqual({ n: 0 });
  });
});
