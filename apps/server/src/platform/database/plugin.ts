import type Database from 'better-sqlite3';
import fp from 'fastify-plugin';
import { createGroupCommit, type Commit } from './group-commit.js';
import type { Engine, Sql } from './schema.js';
import { createSettingsRepository, type SettingsRepository } from './settings.js';
import { sqliteSql } from './sql.js';

/**
 * The repositories every part of the server reads through `app.repos`. Each module adds its
 * own (declaration merging: `interface Repositories { building: … }` in the module's index),
 * created by its plugin: a module's repository is the only code that speaks its tables' SQL.
 */
export interface Repositories {
  settings: SettingsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The SQLite handle, for the repositories not yet on the query builder (issue 37 moves
     * them onto `app.sql`, one module at a time).
     */
    db: Database.Database;
    /** The typed query builder over the database, for SQLite and PostgreSQL alike. */
    sql: Sql;
    engine: Engine;
    repos: Repositories;
    /**
     * Runs a write in the next group commit, on the commit's transaction `tx` (its statements
     * must use it); settles once it is on disk.
     */
    commit: Commit;
  }
}

/** Hands the open database to every plugin; closes it with the server. */
export default fp<{ db: Database.Database }>(
  async (app, { db }) => {
    const sql = sqliteSql(db);
    app.decorate('db', db);
    app.decorate('sql', sql);
    app.decorate('engine', 'sqlite' as Engine);
    // Filled in by the plugins that own the other repositories (auth: users; building: …).
    app.decorate('repos', { settings: createSettingsRepository(sql) } as Repositories);
    app.decorate('commit', createGroupCommit(sql, 'sqlite'));
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database', dependencies: ['clock'] },
);
