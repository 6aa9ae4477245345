import { beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type Commit } from '../database/group-commit.js';
import type { Sql } from '../database/schema.js';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { createAccessTokensRepository } from './access-tokens.js';
import { createUsersRepository, isUniqueViolation, type NewUser } from './users.js';

const person = (username: string, email = `${username}@example.com`): NewUser => ({
  username,
  email,
  passwordHash: `hash-of-${username}`,
  firstName: '',
  lastName: '',
  accessSmart: 'read',
  accessPro: 'no-access',
});

describe.each(ENGINES)('the users repository on %s', (engine) => {
  const database = useDatabase(engine);
  let sql: Sql;
  let commit: Commit;
  let users: ReturnType<typeof createUsersRepository>;
  beforeEach(() => {
    sql = database().sql;
    commit = createGroupCommit(sql, engine);
    users = createUsersRepository(sql, 1);
  });
  const add = (user: NewUser, now = 1_000) => commit((tx) => users.insert(tx, user, now));

  it('finds a user by name and e-mail in any ASCII case, and only A–Z is folded', async () => {
    const id = await add(person('DeMo', 'Demo@Example.com'));
    expect((await users.findByUsername('demo'))?.id).toBe(id);
    expect((await users.findByUsername('DEMO'))?.username).toBe('DeMo');
    expect((await users.findByEmail('DEMO@example.COM'))?.id).toBe(id);
    expect(await users.findByUsername('demo ')).toBeNull();
    // Beyond ASCII, case is not folded (as SQLite's NOCASE): two accounts.
    const upper = await add(person('Ärger', 'a1@example.com'));
    const lower = await add(person('ärger', 'a2@example.com'));
    expect(upper).not.toBe(lower);
    expect((await users.findByUsername('Ärger'))?.id).toBe(upper);
    expect((await users.findByUsername('ärger'))?.id).toBe(lower);
  });

  it('refuses a username or e-mail that differs from a stored one only in ASCII case', async () => {
    await add(person('demo', 'demo@example.com'));
    const sameName = await add(person('DEMO', 'other@example.com')).catch(
      (error: unknown) => error,
    );
    expect(isUniqueViolation(sameName)).toBe(true);
    const sameEmail = await add(person('other', 'DEMO@example.com')).catch(
      (error: unknown) => error,
    );
    expect(isUniqueViolation(sameEmail)).toBe(true);
    expect((await users.list()).map((user) => user.username)).toEqual(['demo']);
  });

  it('lists every user by username, whatever its case, with all its fields', async () => {
    await add(person('carl'));
    await add(person('Bob'));
    const anna = await add(person('anna'), 5_000);
    expect((await users.list()).map((user) => user.username)).toEqual(['anna', 'Bob', 'carl']);
    expect(await users.findById(anna)).toEqual({
      id: anna,
      username: 'anna',
      email: 'anna@example.com',
      passwordHash: 'hash-of-anna',
      firstName: '',
      lastName: '',
      accessSmart: 'read',
      accessPro: 'no-access',
      disabledAt: null,
      language: 'de',
      floors: [],
      rooms: [],
      validFrom: null,
      validUntil: null,
      houseId: 1,
      member: true,
      houses: new Map([
        [
          1,
          {
            accessSmart: 'read',
            accessPro: 'no-access',
            floors: [],
            rooms: [],
            validFrom: null,
            validUntil: null,
          },
        ],
      ]),
    });
  });

  it('keeps each building’s access apart: a user of one building is no member of another', async () => {
    const anna = await add(person('anna'));
    await database()
      .sql.insertInto('buildings')
      .values({ house_id: 2, name: 'Schule', created_at: 0 })
      .execute();
    const school = createUsersRepository(database().sql, 2);
    expect((await school.findById(anna))?.member).toBe(false);
    expect((await school.findById(anna))?.accessSmart).toBe('no-access');
    expect(await school.list()).toEqual([]);
    await commit((tx) => school.setAccess(tx, anna, 'full', 'read'));
    await commit((tx) => school.setScope(tx, anna, [2], []));
    expect(await school.findById(anna)).toMatchObject({
      member: true,
      accessSmart: 'full',
      floors: [2],
      houseId: 2,
    });
    // Building 1's access is as it was; the account is one.
    expect(await users.findById(anna)).toMatchObject({ accessSmart: 'read', floors: [] });
    expect([...(await users.findById(anna))!.houses.keys()]).toEqual([1, 2]);
    await commit((tx) => school.leave(tx, anna));
    expect((await school.findById(anna))?.member).toBe(false);
    expect((await users.findById(anna))?.member).toBe(true);
  });

  it('changes a user on the commit, which a read inside the commit sees', async () => {
    const id = await add(person('anna'));
    const seen = await commit(async (tx) => {
      await users.setAccess(tx, id, 'full', 'permanent');
      await users.setPasswordHash(tx, id, 'new-hash');
      await users.setEmail(tx, id, 'anna@new.example.com');
      await users.setLanguage(tx, id, 'en');
      await users.setDisabled(tx, id, 7_000);
      await users.recordSignIn(tx, id, 8_000);
      return users.findById(id, tx);
    });
    const stored = await users.findById(id);
    expect(seen).toEqual(stored);
    expect(stored).toMatchObject({
      accessSmart: 'full',
      accessPro: 'permanent',
      passwordHash: 'new-hash',
      email: 'anna@new.example.com',
      language: 'en',
      disabledAt: 7_000,
    });
    expect(await users.lastSignIns()).toEqual(new Map([[id, 8_000]]));
    await commit((tx) => users.setDisabled(tx, id, null));
    expect((await users.findById(id))?.disabledAt).toBeNull();
  });

  it('keeps nothing of a write whose commit work fails', async () => {
    const id = await add(person('anna'));
    await expect(
      commit(async (tx) => {
        await users.setAccess(tx, id, 'full', 'full');
        await users.insert(tx, person('ANNA', 'x@example.com'), 1);
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect((await users.findById(id))?.accessSmart).toBe('read');
  });

  it('deletes a user with its access tokens', async () => {
    const tokens = createAccessTokensRepository(sql);
    const id = await add(person('anna'));
    const tokenId = await commit((tx) =>
      tokens.insert(tx, {
        userId: id,
        name: 'Grafana',
        access: 'read',
        expires: null,
        tokenHash: 'digest',
        createdAt: 2_000,
      }),
    );
    await commit((tx) => users.remove(tx, id));
    expect(await users.findById(id)).toBeNull();
    expect(await tokens.findById(tokenId)).toBeNull();
  });
});

describe.each(ENGINES)('the access tokens repository on %s', (engine) => {
  const database = useDatabase(engine);
  let commit: Commit;
  let tokens: ReturnType<typeof createAccessTokensRepository>;
  let users: ReturnType<typeof createUsersRepository>;
  beforeEach(() => {
    const { sql } = database();
    commit = createGroupCommit(sql, engine);
    tokens = createAccessTokensRepository(sql);
    users = createUsersRepository(sql, 1);
  });
  const token = (userId: number, name: string, tokenHash: string) =>
    commit((tx) =>
      tokens.insert(tx, {
        userId,
        name,
        access: 'write',
        expires: '2026-12-31',
        tokenHash,
        createdAt: 3_000,
      }),
    );

  it('stores a token, finds it by hash and id with its owner, and lists the active ones newest first', async () => {
    const anna = await commit((tx) => users.insert(tx, person('Anna'), 1));
    const bob = await commit((tx) => users.insert(tx, person('bob'), 1));
    const first = await token(anna, 'first', 'digest-1');
    const second = await token(anna, 'second', 'digest-2');
    const bobs = await token(bob, 'bobs', 'digest-3');
    expect(await tokens.findByHash('digest-2')).toEqual({
      id: second,
      userId: anna,
      owner: 'Anna',
      name: 'second',
      access: 'write',
      expires: '2026-12-31',
      tokenHash: 'digest-2',
      createdAt: 3_000,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(await tokens.findByHash('digest-9')).toBeNull();
    expect((await tokens.listActive(anna)).map((t) => t.id)).toEqual([second, first]);
    expect((await tokens.listActive()).map((t) => t.id)).toEqual([bobs, second, first]);

    expect(await commit((tx) => tokens.revoke(tx, first, 4_000))).toBe(true);
    expect(await commit((tx) => tokens.revoke(tx, first, 5_000))).toBe(false);
    expect((await tokens.findById(first))?.revokedAt).toBe(4_000);
    expect((await tokens.listActive(anna)).map((t) => t.id)).toEqual([second]);
  });

  it('notes each use, and tells the first one', async () => {
    const anna = await commit((tx) => users.insert(tx, person('anna'), 1));
    const id = await token(anna, 'x', 'digest-1');
    expect(await commit((tx) => tokens.recordUse(tx, id, 6_000))).toBe(true);
    expect(await commit((tx) => tokens.recordUse(tx, id, 7_000))).toBe(false);
    expect(await commit((tx) => tokens.recordUse(tx, id + 100, 7_000))).toBe(false);
    expect((await tokens.findById(id))?.lastUsedAt).toBe(7_000);
  });

  it('refuses a second token with the same hash', async () => {
    const anna = await commit((tx) => users.insert(tx, person('anna'), 1));
    await token(anna, 'x', 'digest-1');
    await expect(token(anna, 'y', 'digest-1')).rejects.toSatisfy(isUniqueViolation);
  });
});
