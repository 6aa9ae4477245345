import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../platform/database/group-commit.js';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { createAuditRepository } from './repository.js';

describe.each(ENGINES)('the audit log filter by name on %s', (engine) => {
  const database = useDatabase(engine);

  it('finds an account’s entries, as actor or subject, in any ASCII case and only that', async () => {
    const { sql } = database();
    const commit = createGroupCommit(sql, engine);
    const audit = createAuditRepository(sql);
    const entry = (at: number, username: string | null, subject: string | null) =>
      commit((tx) =>
        audit.insert(tx, { at, username, subject, roomName: null, action: 'x', source: 'cli' }),
      );
    await entry(1, 'Demo', null);
    await entry(2, 'cli', 'DEMO');
    await entry(3, 'Ärger', null);
    await entry(4, 'ärger', 'other');
    const ats = async (username: string) =>
      (await audit.list({ username, limit: 10 })).map((record) => record.at);
    expect(await ats('dEmO')).toEqual([2, 1]);
    expect(await ats('ärger')).toEqual([4]);
    expect(await ats('Ärger')).toEqual([3]);
    expect(await ats('OTHER')).toEqual([4]);
  });
});
