import type Database from 'better-sqlite3';
import fp from 'fastify-plugin';
import { createGroupCommit } from './group-commit.js';
import { createSettingsRepository, type SettingsRepository } from './settings.js';

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
    db: Database.Database;
    repos: Repositories;
    /** Runs a write in the next group commit; settles once it is on disk. */
    commit: <T>(work: () => T) => Promise<T>;
  }
}

/** Hands the open database to every plugin; closes it with the server. */
export default fp<{ db: Database.Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
    // Filled in by the plugins that own the other repositories (auth: users; building: …).
    app.decorate('repos', { settings: createSettingsRepository(db) } as Repositories);
    app.decorate('commit', createGroupCommit(db));
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database', dependencies: ['clock'] },
);
