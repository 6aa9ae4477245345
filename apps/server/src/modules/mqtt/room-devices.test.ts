import type { DeviceList, RoomDevicesAnswer } from '@raumregler/contract';
import { RoomDevicesAnswerSchema } from '@raumregler/contract/schemas';
import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import { AQARA_WSDCGQ11LM, DANFOSS_ALLY } from '../../test-support/zigbee2mqtt-devices.js';

const DEMO: [string, string] = ['demo', 'demo1234'];
const RESIDENT: [string, string] = ['bewohner', 'bewohner1234'];

let broker: Broker;
let double: Zigbee2mqttDouble | undefined;
let server: TestServer | undefined;

beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker.stop();
});
afterEach(async () => {
  await server?.close();
  await double?.stop();
  server = undefined;
  double = undefined;
});

let bases = 0;
async function start() {
  const base = `assign-${++bases}`;
  double = await Zigbee2mqttDouble.start({
    url: broker.url,
    base,
    devices: [
      { name: 'TRV Wohnzimmer', model: DANFOSS_ALLY },
      { name: 'Sensor, Fenster/links', model: AQARA_WSDCGQ11LM },
    ],
  });
  server = await startTestServer({
    config: { mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: base }).mqtt },
  });
  const deadline = Date.now() + 8_000;
  while ((server.app.mqtt?.registry?.reports().length ?? 0) < 2) {
    if (Date.now() > deadline) throw new Error('the double’s devices never arrived');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const assign = (roomId: number | string, body: unknown, auth: [string, string] | null = DEMO) =>
  server!.request(`/api/rooms/${roomId}/devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(auth ? { auth } : {}),
  });

async function auditOf(roomId: number) {
  const answer = await server!.request(`/api/audit/?room=${roomId}`, { auth: DEMO });
  return (
    (await answer.json()) as { entries: { action: string; before: unknown; after: unknown }[] }
  ).entries;
}

describe('POST /api/rooms/{roomId}/devices', () => {
  it('sets a room’s devices from a JSON body, names with commas and slashes, audited, and the device list shows them', async () => {
    await start();
    const answer = await assign(1, { devices: ['TRV Wohnzimmer', 'Sensor, Fenster/links'] });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as RoomDevicesAnswer;
    expect(Value.Check(RoomDevicesAnswerSchema, body)).toBe(true);
    expect(body.room).toEqual({
      id: 1,
      name: 'Wohnzimmer',
      devices: ['TRV Wohnzimmer', 'Sensor, Fenster/links'],
    });
    expect(body.changed.map((device) => [device.name, device.room?.id, device.model])).toEqual([
      ['Sensor, Fenster/links', 1, 'WSDCGQ11LM'],
      ['TRV Wohnzimmer', 1, '014G2461'],
    ]);
    const list = (await (
      await server!.request('/api/devices/', { auth: DEMO })
    ).json()) as DeviceList;
    expect(list.devices.find((device) => device.name === 'TRV Wohnzimmer')?.room).toEqual({
      id: 1,
      name: 'Wohnzimmer',
    });
    const [entry] = await auditOf(1);
    expect(entry).toMatchObject({
      action: 'room-devices-changed',
      before: { devices: [] },
      after: { devices: ['TRV Wohnzimmer', 'Sensor, Fenster/links'] },
    });
    // Durable: in the database, not only in memory.
    expect(server!.app.houses.own().roomDevices.of(1)).toEqual([
      'TRV Wohnzimmer',
      'Sensor, Fenster/links',
    ]);
  });

  it('moves a device of another room here; that room loses it, with its own audit entry', async () => {
    await start();
    expect((await assign(1, { devices: ['TRV Wohnzimmer', 'Sensor, Fenster/links'] })).status).toBe(
      200,
    );
    const answer = await assign(7, { devices: ['TRV Wohnzimmer'] });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as RoomDevicesAnswer;
    expect(body.room.devices).toEqual(['TRV Wohnzimmer']);
    expect(body.changed).toHaveLength(1);
    expect(body.changed[0]).toMatchObject({ name: 'TRV Wohnzimmer', room: { id: 7 } });
    expect(server!.app.houses.own().roomDevices.of(1)).toEqual(['Sensor, Fenster/links']);
    const [moved] = await auditOf(1);
    expect(moved).toMatchObject({
      action: 'room-devices-changed',
      before: { devices: ['TRV Wohnzimmer', 'Sensor, Fenster/links'] },
      after: {
        devices: ['Sensor, Fenster/links'],
        moved: { to: { id: 7 }, devices: ['TRV Wohnzimmer'] },
      },
    });
    // [] removes all; the removed device answers with no room.
    const cleared = (await (await assign(7, { devices: [] })).json()) as RoomDevicesAnswer;
    expect(cleared.room.devices).toEqual([]);
    expect(cleared.changed).toMatchObject([{ name: 'TRV Wohnzimmer', room: null }]);
  });

  it('refuses bad input with a clear 400, an unknown room with 404, and writes nothing', async () => {
    await start();
    const cases: [unknown, RegExp][] = [
      ['{"devices": [', /could not be read/],
      [{}, /devices must be a list/],
      [{ devices: 'TRV Wohnzimmer' }, /devices must be a list/],
      [{ devices: [1] }, /devices must be a list/],
      [{ devices: ['TRV/#'] }, /MQTT wildcard/],
      [{ devices: ['TRV', 'TRV'] }, /named twice/],
      [{ devices: ['TRV/set'] }, /sub-topic/],
      [{ devices: [' TRV'] }, /space/],
    ];
    for (const [body, message] of cases) {
      const answer = await assign(1, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = (await answer.json()) as { error: string; message: string };
      expect(error.message).toMatch(message);
      expect(JSON.stringify(error)).not.toMatch(/at .*\.ts/);
    }
    const unknown = await assign(9999, { devices: ['TRV Wohnzimmer'] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    expect(server!.app.houses.own().roomDevices.all().size).toBe(0);
  });

  it('is for building-wide managers: 401 without sign-in, 403 for others and for tokens; user/password in the JSON body sign in', async () => {
    await start();
    expect((await assign(1, { devices: ['TRV Wohnzimmer'] }, null)).status).toBe(401);
    const refused = await assign(1, { devices: ['TRV Wohnzimmer'] }, RESIDENT);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'forbidden' });
    // A write token of a manager: tokens never manage (decision 80).
    const form = new FormData();
    form.set('name', 'Skript');
    form.set('access', 'write');
    const created = await server!.request('/api/tokens/', {
      method: 'POST',
      body: form,
      auth: DEMO,
    });
    expect(created.status).toBe(201);
    const { token } = ((await created.json()) as { token: { token: string } }).token;
    const byToken = await server!.request('/api/rooms/1/devices', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ devices: ['TRV Wohnzimmer'] }),
    });
    expect(byToken.status).toBe(403);
    // Sign-in inside the JSON body, as form fields do on other writes.
    const inBody = await assign(
      1,
      { devices: ['TRV Wohnzimmer'], user: 'demo', password: 'demo1234' },
      null,
    );
    expect(inBody.status).toBe(200);
    const wrong = await assign(1, { devices: [], user: 'demo', password: 'falsch' }, null);
    expect(wrong.status).toBe(401);
    expect(server!.app.houses.own().roomDevices.of(1)).toEqual(['TRV Wohnzimmer']);
  });
});

describe('the API description', () => {
  it('documents the JSON body of POST /api/rooms/{roomId}/devices', async () => {
    server = await startTestServer();
    const document = (await (await server.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    const post = document.paths['/api/rooms/{roomId}/devices']!.post!;
    const json = post.requestBody!.content['application/json']!;
    expect(Object.keys(json.schema.properties)).toEqual(['devices', 'user', 'password']);
    expect(post.requestBody!.content['multipart/form-data']).toBeUndefined();
  });
});
