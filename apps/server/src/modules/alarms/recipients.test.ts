import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { createUsersRepository } from '../../platform/auth/users.js';
import { openDatabase } from '../../platform/database/open.js';
import { sqliteSql } from '../../platform/database/sql.js';
import { createAlarmsRepository } from './repository.js';

let db: Database.Database;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

describe('alarm mail recipients', () => {
  it('leave out disabled users (issue 31) until they are enabled again', async () => {
    const users = createUsersRepository(db);
    const id = users.insert(
      {
        username: 'chef',
        email: 'chef@example.com',
        passwordHash: 'x',
        firstName: '',
        lastName: '',
        accessSmart: 'full',
        accessPro: 'full',
      },
      0,
    );
    const recipients = async () =>
      (await createAlarmsRepository(sqliteSql(db)).recipientCandidates()).map((user) => user.email);
    expect(await recipients()).toEqual(['chef@example.com']);
    users.setDisabled(id, 1000);
    expect(await recipients()).toEqual([]);
    users.setDisabled(id, null);
    expect(await recipients()).toEqual(['chef@example.com']);
  });
});
