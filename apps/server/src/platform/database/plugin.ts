import fp from 'fastify-plugin';
import { createChangeFeed, type ChangeFeed } from './changes.js';
import { createGroupCommit, type Commit } from './group-commit.js';
import { createLeases, type Leases } from './leases.js';
import type { Engine, Sql } from './schema.js';
import { createSettingsRepository, type SettingsRepository } from './settings.js';
import type { Store } from './store.js';

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
    /** The open database (SQLite or PostgreSQL, `DATABASE_URL`). */
    store: Store;
    /** The typed query builder over the database, for SQLite and PostgreSQL alike. */
    sql: Sql;
    engine: Engine;
    repos: Repositories;
    /**
     * Runs a write in the next group commit, on the commit's transaction `tx` (its statements
     * must use it); settles once it is on disk.
     */
    commit: Commit;
    /** How nodes tell each other what changed (NOTIFY on PostgreSQL; in process on SQLite). */
    changes: ChangeFeed;
    /** Which node runs each building's background work (advisory locks; SQLite: this one). */
    leases: Leases;
  }
}

/** Hands the open database to every plugin; closes it with the server. */
export default fp<{ store: Store }>(
  async (app, { store }) => {
    app.decorate('store', store);
    app.decorate('sql', store.sql);
    app.decorate('engine', store.engine);
    // Filled in by the plugins that own the other repositories (auth: users; building: …).
    app.decorate('repos', { settings: createSettingsRepository(store.sql) } as Repositories);
    app.decorate('commit', createGroupCommit(store.sql, store.engine));
    const url = store.url ?? undefined;
    const log = {
      warn: (message: string) => app.log.warn(message),
      error: (message: string, err?: unknown) => app.log.error({ err }, message),
    };
    app.decorate('changes', createChangeFeed({ engine: store.engine, url, log }));
    app.decorate('leases', createLeases({ engine: store.engine, url, log }));
    app.addHook('onClose', async () => {
      await app.leases.close();
      await app.changes.close();
      await store.close();
    });
  },
  { name: 'database', dependencies: ['clock'] },
);
