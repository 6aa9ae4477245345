import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../platform/database/group-commit.js';
import { sqliteSql } from '../../platform/database/sql.js';
import { openDatabase } from '../../platform/database/open.js';
import { createAuditRepository } from '../audit/index.js';
import { createBuildingRepository } from './repository.js';
import { importSeed } from './seed-import.js';
import { createClock } from '../../platform/clock/clock.js';
import type { Actor } from '../audit/index.js';
import { InvalidCommandError, UnknownRoomError } from './room-commands.js';
import { targetInForce, viewContext } from './room-view.js';
import { demoSeed, manualClock } from '../../test-support/test-server.js';
import { createAudit } from '../audit/index.js';
import { createRoomCommands } from './room-commands-service.js';

const actor: Actor = { kind: 'cli', source: 'cli' };
const LIVING_ROOM = 1; // weekdays 21 °C from 06:00 (one point for Monday to Friday)
const GUEST_WC = 4; // no programme, base 19 °C
const time = manualClock('2026-11-25T10:00'); // a Wednesday
let db: Database.Database;
let building: ReturnType<typeof createBuildingRepository>;
let commands: ReturnType<typeof createRoomCommands>;

beforeEach(async () => {
  time.set('2026-11-25T10:00');
  db = openDatabase(':memory:');
  // The building only: hashing the seed's passwords would take most of each test's time.
  await importSeed(sqliteSql(db), { ...demoSeed(), users: [] }, time.now());
  const clock = createClock(time.now, 'Europe/Berlin');
  building = createBuildingRepository(sqliteSql(db), clock.now, 1);
  await building.refresh();
  commands = createRoomCommands({
    building,
    commit: createGroupCommit(sqliteSql(db), 'sqlite'),
    clock,
    audit: createAudit({ repository: createAuditRepository(sqliteSql(db)), clock, houseId: 1 }),
  });
});
afterEach(() => db.close());

/** The permanent target the living room's programme gives at a Berlin wall time. */
const programmeAt = (roomId: number, local: string) => {
  time.set(local);
  const room = building.findRoom(roomId)!;
  const clock = createClock(time.now, 'Europe/Berlin');
  return targetInForce(
    { ...room, temporary: null },
    building.scheduleOf(roomId),
    viewContext(clock.local, clock.now()),
  );
};

describe('room commands on a real database', () => {
  it('setPermanent changes this Wednesday block only, every week, and no other day', async () => {
    const room = await commands.setPermanent(LIVING_ROOM, '19.5', actor);
    expect(room.id).toBe(LIVING_ROOM);
    expect(programmeAt(LIVING_ROOM, '2026-11-25T12:00')).toBe(19.5);
    expect(programmeAt(LIVING_ROOM, '2026-12-02T12:00')).toBe(19.5);
    expect(programmeAt(LIVING_ROOM, '2026-11-24T12:00')).toBe(21);
    expect(programmeAt(LIVING_ROOM, '2026-11-26T12:00')).toBe(21);
    // The evening block of Wednesday is another block and stays.
    expect(programmeAt(LIVING_ROOM, '2026-11-25T22:30')).toBe(18);
  });

  it('setPermanent changes the base target of a room without a programme', async () => {
    const room = await commands.setPermanent(GUEST_WC, 17, actor);
    expect(room.baseTarget).toBe(17);
    expect(building.findRoom(GUEST_WC)!.baseTarget).toBe(17);
  });

  it('two permanent changes in one commit both land, the second on the split block', async () => {
    await Promise.all([
      commands.setPermanent(LIVING_ROOM, 19, actor),
      commands.setPermanent(LIVING_ROOM, 20, actor),
    ]);
    expect(programmeAt(LIVING_ROOM, '2026-11-25T12:00')).toBe(20);
    expect(programmeAt(LIVING_ROOM, '2026-11-24T12:00')).toBe(21);
    const points = db
      .prepare('SELECT count(*) AS n FROM schedule_points WHERE room_id = ?')
      .get(LIVING_ROOM) as { n: number };
    expect(points.n).toBe(5); // four of the seed and one for Wednesday, not two
  });

  it('setTemporary stores the target and its end; endTemporary clears it', async () => {
    const room = await commands.setTemporary(LIVING_ROOM, '23', '30', actor);
    expect(room.temporary).toEqual({ target: 23, until: time.now() + 30 * 60_000 });
    expect(building.findRoom(LIVING_ROOM)!.temporary).toEqual(room.temporary);
    expect((await commands.endTemporary(LIVING_ROOM, actor)).temporary).toBeNull();
    expect((await commands.endTemporary(LIVING_ROOM, actor)).temporary).toBeNull();
  });

  it('changeMode off, then on restores the mode before off', async () => {
    await commands.changeMode(LIVING_ROOM, 'cooling', actor);
    expect((await commands.changeMode(LIVING_ROOM, 'off', actor)).mode).toBe('Off');
    expect((await commands.changeMode(LIVING_ROOM, 'on', actor)).mode).toBe('Cooling');
  });

  it('decides each command on the room as the commands before it in the same commit left it', async () => {
    await commands.changeMode(LIVING_ROOM, 'off', actor); // remembers Heating
    const [, , last] = await Promise.all([
      commands.changeMode(LIVING_ROOM, 'cooling', actor),
      commands.changeMode(LIVING_ROOM, 'off', actor),
      commands.changeMode(LIVING_ROOM, 'on', actor),
    ]);
    expect(last.mode).toBe('Cooling');
  });

  it('refuses bad input and unknown rooms and writes nothing', async () => {
    const before = building.findRoom(LIVING_ROOM);
    await expect(commands.setTemporary(LIVING_ROOM, '31', 60, actor)).rejects.toThrow(
      InvalidCommandError,
    );
    await expect(commands.setPermanent(LIVING_ROOM, 'abc', actor)).rejects.toThrow(
      InvalidCommandError,
    );
    await expect(commands.changeMode(LIVING_ROOM, 'warm', actor)).rejects.toThrow(
      InvalidCommandError,
    );
    await expect(commands.endTemporary(999, actor)).rejects.toThrow(UnknownRoomError);
    expect(building.findRoom(LIVING_ROOM)).toEqual(before);
    expect(programmeAt(LIVING_ROOM, '2026-11-25T12:00')).toBe(21);
  });
});
