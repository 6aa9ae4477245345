import type { Database } from 'better-sqlite3';

/** Small key/value facts about the installation (building name, demo login). */
export function createSettingsRepository(db: Database) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    get(key: string): string | null {
      return get.get(key)?.value ?? null;
    },
    set(key: string, value: string | null) {
      if (value === null) remove.run(key);
      else put.run(key, value);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
