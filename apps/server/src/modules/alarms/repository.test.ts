import { beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type Commit } from '../../platform/database/group-commit.js';
import type { Sql } from '../../platform/database/schema.js';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { createAlarmsRepository, type AlarmsRepository, type NewAlarm } from './repository.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 27, 7, 0);

/** A room's alarm as the evaluation opens it. */
const roomAlarm = (roomId: number, kind: NewAlarm['kind'], at = T0): NewAlarm => ({
  roomId,
  roomName: `Raum ${roomId}`,
  floorName: 'EG',
  floorId: roomId < 10 ? 1 : 2,
  kind,
  device: null,
  deviceKind: null,
  since: at - 30 * MINUTE,
  openedAt: at,
  value: 17.5,
  target: 21,
});

const mail = (recipient: string, dueAt = T0, digest = false) => ({
  recipient,
  language: 'de',
  digest,
  dueAt,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(ENGINES)('the alarms repository on %s', (engine) => {
  const database = useDatabase(engine);
  let sql: Sql;
  let repo: AlarmsRepository;
  let commit: Commit;
  beforeEach(() => {
    sql = database().sql;
    repo = createAlarmsRepository(sql, 1);
    commit = createGroupCommit(sql, engine);
  });

  const alarmRows = async () =>
    await sql
      .selectFrom('alarms')
      .select(['id', 'room_id', 'kind', 'state'])
      .orderBy('id')
      .execute();

  it('opens an alarm once per room and kind: a second open answers the first, without its mails', async () => {
    const first = await commit((tx) =>
      repo.open(tx, roomAlarm(1, 'too-cold'), [mail('a@example.com'), mail('b@example.com')]),
    );
    expect(first).toEqual({ id: expect.any(Number), opened: true });
    const again = await commit((tx) =>
      repo.open(tx, roomAlarm(1, 'too-cold', T0 + MINUTE), [mail('c@example.com')]),
    );
    expect(again).toEqual({ id: first.id, opened: false });
    // Another kind of the room, the same kind of another room, and the same room and kind of
    // one of its devices are alarms of their own.
    const warm = await commit((tx) => repo.open(tx, roomAlarm(1, 'sensor-silent'), []));
    const other = await commit((tx) => repo.open(tx, roomAlarm(2, 'too-cold'), []));
    const device = {
      ...roomAlarm(1, 'device-offline'),
      device: 'TRV Raum 1',
      deviceKind: 'thermostat' as const,
    };
    const ofDevice = await commit((tx) => repo.open(tx, device, []));
    const ofDeviceAgain = await commit((tx) => repo.open(tx, device, []));
    const noRoom = {
      ...roomAlarm(1, 'device-offline'),
      roomId: null,
      roomName: null,
      floorName: null,
      floorId: null,
    };
    const whole = await commit((tx) => repo.open(tx, noRoom, []));
    const wholeAgain = await commit((tx) => repo.open(tx, noRoom, []));
    expect([warm.opened, other.opened, ofDevice.opened, whole.opened]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(ofDeviceAgain).toEqual({ id: ofDevice.id, opened: false });
    expect(wholeAgain).toEqual({ id: whole.id, opened: false });
    expect(new Set([first.id, warm.id, other.id, ofDevice.id, whole.id]).size).toBe(5);
    expect((await alarmRows()).length).toBe(5);
    expect((await repo.mailsOf(first.id)).map((each) => each.recipient)).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });

  it('opens once when two evaluations open the same alarm at once, each in its own transaction', async () => {
    // Two group commits: on PostgreSQL two connections, as two nodes would have.
    const other = createGroupCommit(sql, engine);
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const first = commit(async (tx) => {
      const answer = await repo.open(tx, roomAlarm(3, 'too-warm'), [mail('a@example.com')]);
      inserted();
      // Still uncommitted while the second one tries.
      await sleep(150);
      return answer;
    });
    // (Or the first failed: its answer then fails the test at once.)
    await Promise.race([firstInserted, first]);
    const second = other((tx) =>
      repo.open(tx, roomAlarm(3, 'too-warm', T0 + 1000), [mail('b@example.com')]),
    );
    const [one, two] = await Promise.all([first, second]);
    expect(one.opened).toBe(true);
    expect(two).toEqual({ id: one.id, opened: false });
    expect(await alarmRows()).toEqual([
      { id: one.id, room_id: 3, kind: 'too-warm', state: 'active' },
    ]);
    expect((await repo.mailsOf(one.id)).map((each) => each.recipient)).toEqual(['a@example.com']);
    // And two opens in one group commit (one transaction): the second finds the first too.
    const [three, four] = await Promise.all([
      commit((tx) => repo.open(tx, roomAlarm(4, 'too-cold'), [])),
      commit((tx) => repo.open(tx, roomAlarm(4, 'too-cold'), [])),
    ]);
    expect([three.opened, four]).toEqual([true, { id: three.id, opened: false }]);
  });

  it('clears an open alarm once, by id or by its key; a cleared one makes room for a new one', async () => {
    const { id } = await commit((tx) => repo.open(tx, roomAlarm(1, 'too-cold'), []));
    expect(await commit((tx) => repo.clear(tx, id, T0 + 10 * MINUTE))).toBe(true);
    expect(await commit((tx) => repo.clear(tx, id, T0 + 20 * MINUTE))).toBe(false);
    expect(await repo.findById(id)).toMatchObject({
      state: 'cleared',
      clearedAt: T0 + 10 * MINUTE,
    });
    const next = await commit((tx) =>
      repo.open(tx, roomAlarm(1, 'too-cold', T0 + 30 * MINUTE), []),
    );
    expect(next.opened).toBe(true);
    expect(next.id).not.toBe(id);
    // By key: the open alarm of that room and kind only.
    const key = { roomId: 1, device: null, kind: 'too-cold' as const };
    const silent = await commit((tx) => repo.open(tx, roomAlarm(1, 'sensor-silent'), []));
    expect(await commit((tx) => repo.clearOpen(tx, key, T0 + 40 * MINUTE))).toBe(true);
    expect(await commit((tx) => repo.clearOpen(tx, key, T0 + 50 * MINUTE))).toBe(false);
    expect((await repo.findById(next.id))?.clearedAt).toBe(T0 + 40 * MINUTE);
    expect((await repo.findById(silent.id))?.state).toBe('active');
    expect((await repo.listOpen()).map((alarm) => alarm.id)).toEqual([silent.id]);
  });

  it('acknowledges an active alarm once, with who, when and the note; never a cleared one', async () => {
    const { id } = await commit((tx) => repo.open(tx, roomAlarm(1, 'too-cold'), []));
    const cleared = await commit((tx) => repo.open(tx, roomAlarm(2, 'too-cold'), []));
    await commit((tx) => repo.clear(tx, cleared.id, T0 + MINUTE));
    const ack = (alarmId: number, username: string, note: string | null) =>
      commit((tx) => repo.acknowledge(tx, alarmId, username, T0 + 2 * MINUTE, note));
    expect(await ack(id, 'demo', 'Fenster zu')).toBe(true);
    expect(await ack(id, 'techniker', 'zweites Mal')).toBe(false);
    expect(await ack(cleared.id, 'demo', null)).toBe(false);
    expect(await ack(999_999, 'demo', null)).toBe(false);
    expect(await repo.findById(id)).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: 'demo',
      acknowledgedAt: T0 + 2 * MINUTE,
      note: 'Fenster zu',
    });
    expect(await repo.findById(cleared.id)).toMatchObject({
      state: 'cleared',
      acknowledgedBy: null,
    });
    // Acknowledged is still open: the evaluation keeps it, and it clears like an active one.
    expect((await repo.listOpen()).map((alarm) => alarm.id)).toEqual([id]);
  });

  it('lists by state, newest first, with the recently cleared, kinds, floor and period', async () => {
    const open = async (roomId: number, kind: NewAlarm['kind'], at: number) =>
      (await commit((tx) => repo.open(tx, roomAlarm(roomId, kind, at), []))).id;
    const old = await open(1, 'too-cold', T0);
    const acked = await open(2, 'sensor-silent', T0 + MINUTE);
    const active = await open(12, 'too-warm', T0 + 2 * MINUTE);
    await commit((tx) => repo.clear(tx, old, T0 + 10 * MINUTE));
    await commit((tx) => repo.acknowledge(tx, acked, 'demo', T0 + 11 * MINUTE, null));
    const ids = (alarms: { id: number }[]) => alarms.map((alarm) => alarm.id);
    expect(ids(await repo.list('active', 0))).toEqual([active]);
    expect(ids(await repo.list('open', 0))).toEqual([active, acked]);
    expect(ids(await repo.list('all', T0 + 10 * MINUTE))).toEqual([active, acked, old]);
    expect(ids(await repo.list('all', T0 + 10 * MINUTE + 1))).toEqual([active, acked]);
    const all = { state: 'all' as const, clearedSince: T0 + 10 * MINUTE };
    expect(ids(await repo.search({ ...all, kinds: ['too-cold', 'too-warm'] }))).toEqual([
      active,
      old,
    ]);
    expect(ids(await repo.search({ ...all, floorId: 2 }))).toEqual([active]);
    // A period lifts the cleared's limit: every alarm that started in it.
    const period = { state: 'all' as const, clearedSince: T0 + 60 * MINUTE };
    expect(
      ids(await repo.search({ ...period, from: T0 - 30 * MINUTE, to: T0 - 29 * MINUTE })),
    ).toEqual([old]);
    expect(ids(await repo.search({ ...period, from: T0 - 29 * MINUTE }))).toEqual([active, acked]);
    expect(await repo.openedAfter(T0)).toEqual(
      expect.arrayContaining([T0 + MINUTE, T0 + 2 * MINUTE]),
    );
    expect(await repo.openedAfter(T0)).toHaveLength(2);
  });

  it('keeps the mail outbox: due mails, retries later with a count, sent ones never again', async () => {
    const single = await commit((tx) =>
      repo.open(tx, roomAlarm(1, 'too-cold'), [
        mail('a@example.com'),
        // One mail per alarm and recipient, however often given.
        mail('a@example.com'),
        mail('b@example.com'),
      ]),
    );
    const digest = await commit((tx) =>
      repo.open(tx, roomAlarm(2, 'too-cold'), [mail('a@example.com', T0 + 10 * MINUTE, true)]),
    );
    expect(await repo.unsentMails()).toBe(3);
    const due = await repo.dueMails(T0);
    expect(due.map((each) => [each.recipient, each.alarm.id, each.digest, each.attempts])).toEqual([
      ['a@example.com', single.id, false, 0],
      ['b@example.com', single.id, false, 0],
    ]);
    expect(due[0]!.alarm).toMatchObject({ roomId: 1, roomName: 'Raum 1', kind: 'too-cold' });
    // a's went out; b's failed and waits a minute.
    await commit((tx) => repo.markSent(tx, [due[0]!.id], T0 + 1000));
    await commit((tx) => repo.markFailed(tx, [due[1]!.id], T0 + MINUTE));
    expect(await repo.dueMails(T0 + 2000)).toEqual([]);
    expect(await repo.unsentMails()).toBe(2);
    const retried = await repo.dueMails(T0 + MINUTE);
    expect(retried.map((each) => [each.recipient, each.attempts])).toEqual([['b@example.com', 1]]);
    // The digest's mail when its window ends.
    const later = await repo.dueMails(T0 + 10 * MINUTE);
    expect(later.map((each) => [each.recipient, each.alarm.id, each.digest])).toEqual([
      ['b@example.com', single.id, false],
      ['a@example.com', digest.id, true],
    ]);
    await commit((tx) =>
      repo.markSent(
        tx,
        later.map((each) => each.id),
        T0 + 10 * MINUTE,
      ),
    );
    // Marked sent once: a second mark keeps the first instant.
    await commit((tx) => repo.markSent(tx, [due[0]!.id], T0 + 20 * MINUTE));
    expect(await repo.unsentMails()).toBe(0);
    expect(await repo.dueMails(T0 + 60 * MINUTE)).toEqual([]);
    expect(await repo.mailsOf(single.id)).toEqual([
      { recipient: 'a@example.com', sentAt: T0 + 1000 },
      { recipient: 'b@example.com', sentAt: T0 + 10 * MINUTE },
    ]);
  });

  it('offers the enabled users with an address as recipients, in the order they were added', async () => {
    const users = sql.withTables<{
      users: {
        id: number;
        username: string;
        email: string;
        password_hash: string;
        created_at: number;
        disabled_at: number | null;
      };
      house_access: { user_id: number; house_id: number; access_smart: string; access_pro: string };
    }>();
    const add = async (id: number, username: string, email: string, house = 1) => {
      await users
        .insertInto('users')
        .values({ id, username, email, password_hash: 'x', created_at: T0, disabled_at: null })
        .execute();
      await users
        .insertInto('house_access')
        .values({ user_id: id, house_id: house, access_smart: 'full', access_pro: 'no-access' })
        .execute();
    };
    await add(1, 'chef', 'chef@example.com');
    await add(2, 'ohne', '');
    await add(3, 'hausmeister', 'hm@example.com');
    // A user of another building only is no recipient of this building's alarms.
    await users
      .insertInto('buildings' as never)
      .values({ house_id: 2, name: 'Schule', created_at: T0 } as never)
      .execute();
    await add(4, 'schule', 'schule@example.com', 2);
    const emails = async () => (await repo.recipientCandidates()).map((user) => user.email);
    expect(await emails()).toEqual(['chef@example.com', 'hm@example.com']);
    expect((await repo.recipientCandidates())[0]).toMatchObject({
      language: 'de',
      accessSmart: 'full',
      accessPro: 'no-access',
      scopeFloors: '',
      scopeRooms: '',
      validFrom: null,
      validUntil: null,
    });
    await users.updateTable('users').set({ disabled_at: T0 }).where('id', '=', 1).execute();
    expect(await emails()).toEqual(['hm@example.com']);
  });
});
