import type Database from 'better-sqlite3';
import { sqliteSql } from '../../platform/database/sql.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { openDatabase } from '../../platform/database/open.js';
import { demoSeed } from '../../test-support/test-server.js';
import {
  createRoomDevicesRepository,
  deviceListProblem,
  deviceNameProblem,
} from './room-devices.js';
import { importSeed } from './seed-import.js';
import { loadBuilding } from './cli.js';
import { parseSeed } from './seed.js';
import { sqliteStore } from '../../platform/database/store.js';

let db: Database.Database;
let out: string[];
let err: string[];
const run = (argv: string[]) =>
  runCli(
    argv,
    sqliteStore(db),
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    Date.now,
  );

beforeEach(async () => {
  db = openDatabase(':memory:');
  await importSeed(sqliteSql(db), demoSeed(), Date.now());
  out = [];
  err = [];
});
afterEach(() => db.close());

describe('a device name', () => {
  it('may hold commas, slashes and umlauts', () => {
    expect(deviceNameProblem('Bad/Heizkörper, links')).toBeNull();
    expect(deviceNameProblem('0x00158d0001a2b3c4')).toBeNull();
  });

  it('refuses what zigbee2mqtt refuses or cannot be a device topic', () => {
    expect(deviceNameProblem('')).toBe('is empty');
    expect(deviceNameProblem(' TRV')).toBe('starts or ends with a space');
    expect(deviceNameProblem('TRV/#')).toMatch(/wildcard/);
    expect(deviceNameProblem('TRV+1')).toMatch(/wildcard/);
    expect(deviceNameProblem('Bad//TRV')).toMatch(/empty topic level/);
    expect(deviceNameProblem('TRV/set')).toMatch(/sub-topic/);
    expect(deviceNameProblem('bridge/devices')).toMatch(/bridge/);
    expect(deviceNameProblem('a'.repeat(101))).toMatch(/longer than 100/);
    expect(deviceListProblem(['A', 'A'])).toBe('device "A" is named twice');
  });
});

/** The devices as the database holds them now. */
const devices = async () =>
  createRoomDevicesRepository(await loadBuilding(sqliteSql(db), 'sqlite', Date.now, 1));

describe('room devices on the command line', () => {
  it('sets a room’s devices in their order, names with commas and slashes, and removes them', async () => {
    expect(await run(['room', 'devices', '1', 'TRV Wohnzimmer', 'Sensor, Fenster/links'])).toBe(0);
    expect(out).toEqual([
      'Room 1 (Wohnzimmer) now has the devices "TRV Wohnzimmer", "Sensor, Fenster/links".',
    ]);
    expect((await devices()).of(1)).toEqual(['TRV Wohnzimmer', 'Sensor, Fenster/links']);
    expect(await run(['room', 'devices', '1', 'Sensor, Fenster/links'])).toBe(0);
    expect((await devices()).of(1)).toEqual(['Sensor, Fenster/links']);
    expect(await run(['room', 'devices', '1', '--none'])).toBe(0);
    expect(out.at(-1)).toBe('Room 1 (Wohnzimmer) has no devices now.');
    expect((await devices()).all()).toEqual(new Map());
  });

  it('refuses a device of another room, naming it, and changes nothing', async () => {
    expect(await run(['room', 'devices', '1', 'TRV'])).toBe(0);
    expect(await run(['room', 'devices', '2', 'Sensor', 'TRV'])).toBe(1);
    expect(err).toEqual([
      'Error: device "TRV" belongs to room 1 (Wohnzimmer); remove it there first',
    ]);
    expect((await devices()).all()).toEqual(new Map([[1, ['TRV']]]));
  });

  it('refuses bad input with the usage exit code', async () => {
    expect(await run(['room', 'devices', '1'])).toBe(2);
    expect(await run(['room', 'devices', '1', 'A', '--none'])).toBe(2);
    expect(await run(['room', 'devices', 'x', 'A'])).toBe(2);
    expect(await run(['room', 'devices', '1', 'A/#'])).toBe(2);
    expect(await run(['room', 'devices', '99', 'A'])).toBe(1);
    expect(err.filter((line) => line.startsWith('Error'))).toEqual([
      "Error: give the devices' zigbee2mqtt names, or --none to remove them",
      'Error: give either --none or device names',
      'Error: <roomId> must be a room\'s number, got "x"',
      'Error: device "A/#" holds an MQTT wildcard (+ or #)',
      'Error: there is no room 99',
    ]);
    expect((await devices()).all()).toEqual(new Map());
  });
});

describe('room devices in the seed', () => {
  function seedWith(devices: Record<number, unknown>) {
    const raw = structuredClone(demoSeed()) as unknown as {
      floors: { rooms: Record<string, unknown>[] }[];
    };
    for (const floor of raw.floors) {
      for (const room of floor.rooms) {
        if ((room.id as number) in devices) room.devices = devices[room.id as number];
      }
    }
    return raw;
  }

  it('are imported, and the seed’s word wins over an earlier room', async () => {
    await importSeed(
      sqliteSql(db),
      parseSeed(seedWith({ 1: ['TRV Wohnzimmer', 'Sensor/1, EG'] })),
      Date.now(),
    );
    expect((await devices()).of(1)).toEqual(['TRV Wohnzimmer', 'Sensor/1, EG']);
    await importSeed(sqliteSql(db), parseSeed(seedWith({ 2: ['TRV Wohnzimmer'] })), Date.now());
    expect((await devices()).all()).toEqual(new Map([[2, ['TRV Wohnzimmer']]]));
  });

  it('are checked, naming the path', () => {
    expect(() => parseSeed(seedWith({ 1: 'TRV' }))).toThrow(
      '$.floors[0].rooms[0].devices: expected an array',
    );
    expect(() => parseSeed(seedWith({ 1: [5] }))).toThrow(
      '$.floors[0].rooms[0].devices[0]: expected a string',
    );
    expect(() => parseSeed(seedWith({ 1: ['A+'] }))).toThrow('holds an MQTT wildcard');
    expect(() => parseSeed(seedWith({ 1: ['TRV'], 2: ['TRV'] }))).toThrow('duplicate device TRV');
  });
});
