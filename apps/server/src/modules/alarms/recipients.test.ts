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
    const sql = sqliteSql(db);
    const users = createUsersRepository(sql, 1);
    const id = await users.insert(
      sql,
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
      (await createAlarmsRepository(sql, 1).recipientCandidates()).map((user) => user.email);
    expect(await recipients()).toEqual(['chef@example.com']);
    await users.setDisabled(sql, id, 1000);
    expect(await recipients()).toEqual([]);
    await users.setDisabled(sql, id, null);
    expect(await recipients()).toEqual(['chef@example.com']);
  });
});
