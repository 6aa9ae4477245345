import type { Floor, Room } from '@raumregler/contract';
import {
  DeviceInfoSchema,
  FloorSchema,
  PermissionsSchema,
  RoomSchema,
  UserSchema,
} from '@raumregler/contract/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import {
  manualClock,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';
import { demo, writesTo } from '../../../test-support/writes.js';

// The answers are written by fast-json-stringify from the route's response schema, which keeps
// only the properties the schema names. These tests pin that the schema is the contract's own
// object, so a field added to the contract reaches the wire and nothing is copied by hand.

const clock = manualClock('2026-11-23T10:00');
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const start = async () => (server = await startTestServer({ now: clock.now }));
const get = async (path: string) => {
  const response = await server!.request(path, { auth: demo });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown;
};
const keysOf = (schema: { properties: object }) => Object.keys(schema.properties);

describe('answers serialized by the contract schemas', () => {
  it('writes exactly the properties of the contract schema, in its order', async () => {
    await start();
    const floors = (await get('/get/json/v1/1/temps/')) as Floor[];
    expect(Object.keys(floors[0]!)).toEqual(keysOf(FloorSchema));
    expect(Object.keys(floors[0]!.raeume[0]!)).toEqual(keysOf(RoomSchema));
    const [one] = (await get('/api/get/json/v1/1/temps/2/')) as Room[];
    expect(Object.keys(one!)).toEqual(keysOf(RoomSchema));
    expect(Object.keys((await get('/get/json/v1/1/info/')) as object)).toEqual(
      keysOf(DeviceInfoSchema),
    );
    expect(Object.keys((await get('/get/json/v1/1/permissions/')) as object)).toEqual(
      keysOf(PermissionsSchema),
    );
    expect(Object.keys((await get('/api/user')) as object)).toEqual(keysOf(UserSchema));
    const written = await writesTo(() => server!).urlencoded('ziel/3/', { ziel: '22' });
    expect(Object.keys((await written.json()) as object)).toEqual(keysOf(RoomSchema));
  });

  it('drops from every room answer a field the contract schema no longer names', async () => {
    // Changing the contract's object (before the routes compile their serializers) changes
    // what goes out: the server holds no copy of its own.
    const properties = RoomSchema.properties as Record<string, unknown>;
    const removed = properties.betriebsart;
    delete properties.betriebsart;
    const required = RoomSchema.required as string[];
    const savedRequired = [...required];
    required.splice(required.indexOf('betriebsart'), 1);
    try {
      await start();
      const floors = (await get('/get/json/v1/1/temps/')) as Floor[];
      expect(floors[0]!.raeume[0]).not.toHaveProperty('betriebsart');
      const [one] = (await get('/get/json/v1/1/temps/1/')) as Room[];
      expect(one).not.toHaveProperty('betriebsart');
      const written = await writesTo(() => server!).urlencoded('soll/1/', { soll: '21' });
      expect(await written.json()).not.toHaveProperty('betriebsart');
    } finally {
      properties.betriebsart = removed;
      required.splice(0, required.length, ...savedRequired);
    }
  });
});
