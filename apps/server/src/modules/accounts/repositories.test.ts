import { beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type Commit } from '../../platform/database/group-commit.js';
import { createUsersRepository } from '../../platform/auth/users.js';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { createResetTokensRepository } from './reset-tokens-repository.js';

const DAY_MS = 24 * 60 * 60_000;

describe.each(ENGINES)('the reset tokens and scopes on %s', (engine) => {
  const database = useDatabase(engine);
  let commit: Commit;
  let users: ReturnType<typeof createUsersRepository>;
  let resets: ReturnType<typeof createResetTokensRepository>;
  let userId: number;
  beforeEach(async () => {
    const { sql } = database();
    commit = createGroupCommit(sql, engine);
    users = createUsersRepository(sql, 1);
    resets = createResetTokensRepository(sql);
    userId = await commit((tx) =>
      users.insert(
        tx,
        {
          username: 'anna',
          email: 'anna@example.com',
          passwordHash: 'old-hash',
          firstName: '',
          lastName: '',
          accessSmart: 'read',
          accessPro: 'read',
        },
        1,
      ),
    );
  });
  const create = (hash: string, now: number, kind: 'reset' | 'invitation' = 'reset') =>
    commit((tx) => resets.create(tx, userId, hash, now + 60 * 60_000, now, kind));

  it('redeems a token once: the new password, and every other open token of the user void', async () => {
    const now = 10 * DAY_MS;
    await create('digest-1', now);
    await create('digest-2', now, 'invitation');
    const token = (await resets.findByHash('digest-1'))!;
    expect(token).toEqual({
      id: token.id,
      userId,
      expiresAt: now + 60 * 60_000,
      usedAt: null,
      kind: 'reset',
    });
    expect(await commit((tx) => resets.redeem(tx, token.id, userId, 'new-hash', now + 1))).toBe(
      true,
    );
    expect((await users.findById(userId))?.passwordHash).toBe('new-hash');
    expect((await resets.findByHash('digest-2'))?.usedAt).toBe(now + 1);
    // The same link a second time (another tab): refused, nothing changes.
    expect(await commit((tx) => resets.redeem(tx, token.id, userId, 'other-hash', now + 2))).toBe(
      false,
    );
    expect((await users.findById(userId))?.passwordHash).toBe('new-hash');
  });

  it('voids the open tokens of one kind, and purges day-old tokens when it makes a new one', async () => {
    const now = 10 * DAY_MS;
    await create('invitation-1', now, 'invitation');
    await create('reset-1', now);
    await commit((tx) => resets.voidAll(tx, userId, 'invitation', now + 5));
    expect((await resets.findByHash('invitation-1'))?.usedAt).toBe(now + 5);
    expect((await resets.findByHash('reset-1'))?.usedAt).toBeNull();
    await create('reset-2', now + 2 * DAY_MS);
    expect(await resets.findByHash('reset-1')).toBeNull();
    expect(await resets.findByHash('reset-2')).not.toBeNull();
  });

  it('deletes the tokens with their user', async () => {
    await create('digest-1', DAY_MS);
    await commit((tx) => users.remove(tx, userId));
    expect(await resets.findByHash('digest-1')).toBeNull();
  });

  it('stores a scope sorted and without repeats, and a validity, read back with the user', async () => {
    const scopes = users;
    await commit(async (tx) => {
      await scopes.setScope(tx, userId, [3, 1, 3], [12, 10]);
      await scopes.setValidity(tx, userId, '2026-12-01', '2026-12-24');
    });
    expect(await users.findById(userId)).toMatchObject({
      floors: [1, 3],
      rooms: [10, 12],
      validFrom: '2026-12-01',
      validUntil: '2026-12-24',
    });
    await commit(async (tx) => {
      await scopes.setScope(tx, userId, [], []);
      await scopes.setValidity(tx, userId, null, null);
    });
    expect(await users.findById(userId)).toMatchObject({
      floors: [],
      rooms: [],
      validFrom: null,
      validUntil: null,
    });
  });
});
