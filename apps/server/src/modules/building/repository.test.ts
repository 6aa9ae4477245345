import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../platform/database/group-commit.js';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { demoSeed } from '../../test-support/test-server.js';
import { createAbsenceRepository } from './absences-repository.js';
import type { Change } from '../../platform/database/changes.js';
import { createBuildingRepository } from './repository.js';
import { createRoomDevicesRepository } from './room-devices.js';
import { importSeed } from './seed-import.js';
import type { Occurrence } from './schedule.js';
import type { Seed } from './seed.js';
import { createSimFaultsRepository } from './sim-faults-repository.js';

const NOW = Date.UTC(2026, 10, 25, 9, 0);
const LIVING_ROOM = 1;
const GUEST_WC = 4;

/** Two floors listed against their ids' order, rooms against theirs: the order is the seed's. */
const shuffledSeed = (): Seed => ({
  ...demoSeed(),
  users: [],
  floors: [
    {
      id: 20,
      name: 'Oben',
      rooms: [
        { id: 9, name: 'Bad', temperature: 21, target: 22 },
        { id: 3, name: 'Kind', temperature: null, target: 19 },
      ],
    },
    {
      id: 10,
      name: 'Unten',
      rooms: [
        { id: 7, name: 'Küche', temperature: 20, target: 20 },
        { id: 8, name: 'Flur', temperature: 18, target: 18 },
      ],
    },
  ],
});

describe.each(ENGINES)('the building repository on %s', (engine) => {
  const database = useDatabase(engine);
  const open = async (seed: Seed = { ...demoSeed(), users: [] }) => {
    const { sql } = database();
    await importSeed(sql, seed, NOW);
    const building = createBuildingRepository(sql, () => NOW, 1);
    await building.refresh();
    const commit = createGroupCommit(sql, engine);
    /** A write in a commit, then shown (as the services do). */
    const write = async <T>(work: Parameters<typeof commit<T>>[0]) => {
      const result = await commit(work);
      await building.refresh();
      return result;
    };
    return { sql, building, commit, write };
  };

  it('tells the other nodes what a commit changed, once at its end, and they read just that', async () => {
    const { sql, commit } = await open();
    const heard: Change[] = [];
    // Node A announces (as the change feed would); node B applies what it hears.
    const a = createBuildingRepository(
      sql,
      () => NOW,
      1,
      async (_tx, change) => {
        heard.push(change);
      },
    );
    const b = createBuildingRepository(sql, () => NOW, 1);
    await Promise.all([a.refresh(), b.refresh()]);
    const version = a.version();
    // Two writes of one group: one announcement, naming both rooms.
    await Promise.all([
      commit((tx) => a.setTemporary(tx, 1, 23, NOW + 60_000)),
      commit((tx) => a.setMode(tx, 2, 'Off', 'Heating')),
    ]);
    expect(heard).toEqual([{ house: 1, topic: 'building', parts: ['rooms'], rooms: [1, 2] }]);
    await a.refresh();
    expect(a.version()).not.toBe(version);
    expect(b.findRoom(1)?.temporary).toBeNull();
    await b.changedElsewhere(heard[0]!);
    expect(b.findRoom(1)?.temporary).toEqual({ target: 23, until: NOW + 60_000 });
    expect(b.findRoom(2)?.mode).toBe('Off');
    // Both read the same data version: an ETag made on one holds on the other.
    expect(b.version()).toBe(a.version());
    // A programme change names its part.
    heard.length = 0;
    await commit((tx) => a.replaceSchedule(tx, 3, [{ days: 127, at: 360, target: 21 }]));
    expect(heard).toEqual([{ house: 1, topic: 'building', parts: ['schedules'], rooms: [] }]);
    await b.changedElsewhere(heard[0]!);
    expect(b.scheduleOf(3)).not.toEqual([]);
  });

  it('lists floors and rooms in their display order, not their ids', async () => {
    const { building } = await open(shuffledSeed());
    expect(building.listFloors().map((floor) => floor.name)).toEqual(['Oben', 'Unten']);
    // Rooms by floor id (10 before 20), then position.
    expect(building.listRooms().map((room) => room.name)).toEqual(['Küche', 'Flur', 'Bad', 'Kind']);
    expect(building.findRoom(3)).toMatchObject({ floorId: 20, temperature: null, baseTarget: 19 });
    expect(building.findRoom(99)).toBeNull();
    expect(await building.isEmpty()).toBe(false);
    expect(building.floorsOfRooms()).toEqual(
      new Map([
        [7, 10],
        [8, 10],
        [9, 20],
        [3, 20],
      ]),
    );
  });

  it('stores a temporary target and clears it; a permanent one moves the base', async () => {
    const { building, write } = await open();
    const before = building.version();
    const until = NOW + 30 * 60_000;
    await write((tx) => building.setTemporary(tx, LIVING_ROOM, 23.5, until));
    expect(building.findRoom(LIVING_ROOM)!.temporary).toEqual({ target: 23.5, until });
    expect(building.version()).not.toBe(before);
    await write((tx) => building.setBaseTarget(tx, GUEST_WC, 17.5));
    expect(building.findRoom(GUEST_WC)!.baseTarget).toBe(17.5);
    await write((tx) => building.clearTemporary(tx, LIVING_ROOM));
    expect(building.findRoom(LIVING_ROOM)!.temporary).toBeNull();
    await write((tx) => building.setMode(tx, LIVING_ROOM, 'Off', 'Cooling'));
    await write((tx) => building.setLimits(tx, LIVING_ROOM, { min: 16, max: 23 }));
    expect(building.findRoom(LIVING_ROOM)).toMatchObject({
      mode: 'Off',
      previousMode: 'Cooling',
      limits: { min: 16, max: 23 },
    });
    expect(building.limitsByRoom()).toEqual(new Map([[LIVING_ROOM, { min: 16, max: 23 }]]));
    // The list holds the same rooms in the same order, with the changed ones.
    expect(building.listRooms().find((room) => room.id === GUEST_WC)!.baseTarget).toBe(17.5);
  });

  it('shows nothing of a write until it is refreshed, and the version names what it shows', async () => {
    const { building, commit } = await open();
    const version = building.version();
    await commit((tx) => building.setBaseTarget(tx, GUEST_WC, 25));
    expect(building.findRoom(GUEST_WC)!.baseTarget).toBe(19);
    expect(building.version()).toBe(version);
    await building.refresh();
    expect(building.findRoom(GUEST_WC)!.baseTarget).toBe(25);
    expect(building.version()).not.toBe(version);
  });

  it('replaces a schedule, and reads it inside the commit that wrote it', async () => {
    const { building, write } = await open();
    expect(building.scheduleOf(LIVING_ROOM)).not.toEqual([]);
    const inside = await write(async (tx) => {
      await building.replaceSchedule(tx, LIVING_ROOM, [
        { days: 0b0000001, at: 7 * 60, target: 22 },
      ]);
      return building.scheduleIn(tx, LIVING_ROOM);
    });
    const shown = (list: readonly Occurrence[]) =>
      list.map(({ day, weekMinute, target }) => ({ day, weekMinute, target }));
    const expected = [{ day: 0, weekMinute: 7 * 60, target: 22 }];
    expect(shown(inside)).toEqual(expected);
    expect(shown(building.scheduleOf(LIVING_ROOM))).toEqual(expected);
    await write((tx) => building.replaceSchedule(tx, LIVING_ROOM, []));
    expect(building.scheduleOf(LIVING_ROOM)).toEqual([]);
  });

  it('splits a switch point when one weekday changes, in the same commit as another change', async () => {
    const { building, commit } = await open();
    const point = building.scheduleOf(LIVING_ROOM).find((each) => each.day === 2)!;
    await Promise.all([
      commit((tx) => building.setOccurrenceTarget(tx, point.pointId, 2, 19)),
      commit((tx) => building.setOccurrenceTarget(tx, point.pointId, 3, 18)),
    ]);
    await building.refresh();
    const minute = point.weekMinute % 1440;
    const at = (day: number) =>
      building
        .scheduleOf(LIVING_ROOM)
        .find((each) => each.day === day && each.weekMinute === day * 1440 + minute)!.target;
    expect([at(1), at(2), at(3), at(4)]).toEqual([point.target, 19, 18, point.target]);
  });

  it('places the device’s floors and rooms, writing only what changed', async () => {
    const { sql, building, write } = await open();
    await write((tx) => building.setLimits(tx, LIVING_ROOM, { min: 17, max: 22 }));
    const places = [
      { id: 1, name: 'EG', rooms: [{ id: 1, name: 'Wohnzimmer' }] },
      { id: 5, name: 'Keller', rooms: [{ id: 50, name: 'Sauna' }] },
    ];
    expect(await write((tx) => building.placeDeviceRooms(tx, places))).toBe(true);
    expect(building.findRoom(50)).toMatchObject({ floorId: 5, name: 'Sauna', baseTarget: 20 });
    // The same places again: nothing written, the version stays.
    const version = building.version();
    expect(await write((tx) => building.placeDeviceRooms(tx, structuredClone(places)))).toBe(false);
    expect(building.version()).toBe(version);
    // A new repository (a restart) compares row by row: still nothing to write.
    const restarted = createBuildingRepository(sql, () => NOW, 1);
    expect(await write((tx) => restarted.placeDeviceRooms(tx, places))).toBe(false);
    // A renamed room: its name follows, its limits and targets stay ours.
    const renamed = [{ ...places[0]!, rooms: [{ id: 1, name: 'Salon' }] }, places[1]!];
    expect(await write((tx) => building.placeDeviceRooms(tx, renamed))).toBe(true);
    expect(building.findRoom(LIVING_ROOM)).toMatchObject({
      name: 'Salon',
      limits: { min: 17, max: 22 },
    });
    // Rooms the device no longer lists stay.
    expect(building.findRoom(GUEST_WC)).not.toBeNull();
  });

  it('writes a simulation step of many rooms in one go', async () => {
    const { building, write } = await open();
    const rooms = building.listRooms();
    await write((tx) =>
      building.saveSimulation(
        tx,
        rooms.map((room, index) => ({
          id: room.id,
          temperature: index === 0 ? null : 20 + index / 4,
          humidity: 40 + index,
          valveOpen: index % 2 === 0,
          reportedAt: index === 0 ? null : NOW + index,
        })),
      ),
    );
    const after = building.listRooms();
    expect(after.map((room) => room.id)).toEqual(rooms.map((room) => room.id));
    expect(after[0]).toMatchObject({ temperature: null, valveOpen: true, sensorReportedAt: null });
    expect(after[3]).toMatchObject({
      temperature: 20.75,
      humidity: 43,
      valveOpen: false,
      sensorReportedAt: NOW + 3,
    });
  });

  it('keeps an absence, shows it on its rooms until it ends, and ends or deletes it', async () => {
    const { building, write } = await open();
    const absences = createAbsenceRepository(database().sql, () => NOW, building);
    const absence = {
      name: 'Ferien',
      from: NOW - 60_000,
      to: NOW + 86_400_000,
      target: 16,
      rooms: [GUEST_WC, LIVING_ROOM],
    };
    const id = await write((tx) => absences.create(tx, absence, 'demo'));
    expect(await absences.find(id)).toEqual({
      id,
      name: 'Ferien',
      from: absence.from,
      to: absence.to,
      target: 16,
      rooms: [LIVING_ROOM, GUEST_WC],
      createdBy: 'demo',
    });
    expect(absences.byRoom()(GUEST_WC)).toEqual([
      { id, from: absence.from, to: absence.to, target: 16 },
    ]);
    expect(absences.byRoom()(2)).toEqual([]);
    await write((tx) => absences.update(tx, id, { ...absence, rooms: [2] }));
    expect(absences.byRoom()(GUEST_WC)).toEqual([]);
    expect(absences.byRoom()(2)).toHaveLength(1);
    await write((tx) => absences.end(tx, id, NOW));
    expect(await absences.listEndingAfter(NOW - 1)).toHaveLength(1);
    expect(await absences.listEndingAfter(NOW)).toEqual([]);
    expect(absences.byRoom()(2)).toEqual([]);
    await write((tx) => absences.delete(tx, id));
    expect(await absences.find(id)).toBeNull();
  });

  it('keeps each room’s devices in their order; a device has one room', async () => {
    const { building, write } = await open();
    const devices = createRoomDevicesRepository(building);
    await write((tx) => devices.set(tx, LIVING_ROOM, ['TRV Wohnzimmer', 'Sensor, Fenster/links']));
    await write((tx) => devices.set(tx, 2, ['TRV Küche']));
    expect(devices.of(LIVING_ROOM)).toEqual(['TRV Wohnzimmer', 'Sensor, Fenster/links']);
    expect(devices.roomOf('TRV Küche')).toBe(2);
    expect(devices.roomOf('nobody')).toBeNull();
    const inside = await write(async (tx) => {
      await devices.set(tx, LIVING_ROOM, ['Sensor, Fenster/links']);
      return [await devices.ofIn(tx, LIVING_ROOM), await devices.roomOfIn(tx, 'TRV Wohnzimmer')];
    });
    expect(inside).toEqual([['Sensor, Fenster/links'], null]);
    expect(devices.all()).toEqual(
      new Map([
        [LIVING_ROOM, ['Sensor, Fenster/links']],
        [2, ['TRV Küche']],
      ]),
    );
    // The unique name: a second room cannot take a device another has.
    await expect(write((tx) => devices.set(tx, 3, ['TRV Küche']))).rejects.toThrow();
    expect(devices.of(3)).toEqual([]);
  });

  it('keeps the simulated faults', async () => {
    const { sql, commit } = await open();
    const faults = createSimFaultsRepository(sql, 1);
    await commit((tx) => faults.set(tx, 2, 'window_open', true));
    await commit((tx) => faults.set(tx, 2, 'writes_ignored', true));
    expect(await faults.all()).toEqual(
      new Map([[2, { windowOpen: true, sensorOff: false, writesIgnored: true }]]),
    );
    expect(await faults.writesIgnored(2)).toBe(true);
    await commit((tx) => faults.set(tx, 2, 'window_open', false));
    await commit((tx) => faults.set(tx, 2, 'writes_ignored', false));
    expect(await faults.all()).toEqual(new Map());
  });

  it('imports a seed again over itself: rooms replaced, users kept', async () => {
    const { sql, building } = await open(shuffledSeed());
    const seed = shuffledSeed();
    seed.floors[0]!.rooms[0]!.name = 'Badezimmer';
    seed.floors[0]!.rooms[0]!.devices = ['TRV Bad'];
    await importSeed(sql, seed, NOW);
    await building.externalChange();
    expect(building.findRoom(9)!.name).toBe('Badezimmer');
    expect(building.devicesOf(9)).toEqual(['TRV Bad']);
    expect(building.listRooms()).toHaveLength(4);
  });
});
