import type Database from 'better-sqlite3';
import fp from 'fastify-plugin';
import { createGroupCommit } from './group-commit.js';
import {
  createAbsenceRepository,
  type AbsenceRepository,
} from '../../modules/building/absences-repository.js';
import {
  createBuildingRepository,
  type BuildingRepository,
} from '../../modules/building/repository.js';
import { createSettingsRepository, type SettingsRepository } from './settings.js';
import { createUsersRepository, type UsersRepository } from '../auth/users.js';

export interface Repositories {
  building: BuildingRepository;
  settings: SettingsRepository;
  users: UsersRepository;
  absences: AbsenceRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database.Database;
    repos: Repositories;
    /** Runs a write in the next group commit; settles once it is on disk. */
    commit: <T>(work: () => T) => Promise<T>;
  }
}

/** Hands the open database and its repositories to every route; closes it with the server. */
export default fp<{ db: Database.Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
    const building = createBuildingRepository(db, app.clock.now);
    app.decorate('repos', {
      building,
      settings: createSettingsRepository(db),
      users: createUsersRepository(db),
      absences: createAbsenceRepository(db, app.clock.now, {
        version: building.version,
        onWrite: building.noteWrite,
      }),
    });
    app.decorate('commit', createGroupCommit(db));
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database', dependencies: ['clock'] },
);
