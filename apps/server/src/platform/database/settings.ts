import type { Sql, Tx } from './schema.js';

/** Small key/value facts about the installation (building name, demo login). */
export function createSettingsRepository(sql: Sql) {
  return {
    async get(key: string): Promise<string | null> {
      const row = await sql
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value ?? null;
    },
    /** Inside a commit (`app.commit((tx) => settings.set(tx, …))`). */
    async set(tx: Tx, key: string, value: string | null): Promise<void> {
      if (value === null) {
        await tx.deleteFrom('settings').where('key', '=', key).execute();
        return;
      }
      await tx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
