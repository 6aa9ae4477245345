import type { AlarmList, Floor, HistoryAnswer } from '@raumregler/contract';
import {
  parseCsv,
  cleanOuts,
  cleanTemps,
  contromeOuts,
  contromeTemps,
  windowContact,
} from '@raumregler/contract/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  demoSeedWithGuest,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import type { PolledRoom } from './index.js';

/**
 * Issue 33: our server in front of a device that answers as real Controme Mini-Servers do
 * (the contract's fixtures: numbers as text, integer modes, spaced output keys, missing fields,
 * a window contact's null), or as our own server does. Like a real device it checks no password
 * on GETs. Its sensors report at the clock's time, but for window contacts, which report only
 * on a change (their last report is a day old).
 */
function fakeDevice(now: () => number) {
  let shape: 'clean' | 'controme' = 'controme';
  let temps: unknown = contromeTemps;
  const app: FastifyInstance = Fastify();
  const reported = () =>
    new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(now())
      .replace(',', '');
  const withReports = (floors: unknown) =>
    (floors as { raeume: { sensoren?: { wert: unknown }[] }[] }[]).map((floor) => ({
      ...floor,
      raeume: floor.raeume.map((room) => ({
        ...room,
        ...(room.sensoren && {
          sensoren: room.sensoren.map((sensor) =>
            sensor.wert === null ? sensor : { ...sensor, letzte_uebertragung: reported() },
          ),
        }),
      })),
    }));
  app.get('/get/json/v1/1/temps/', async () => withReports(shape === 'clean' ? cleanTemps : temps));
  app.get('/get/json/v1/1/outs/', async () => (shape === 'clean' ? cleanOuts : contromeOuts));
  return {
    app,
    setShape: (value: 'clean' | 'controme') => (shape = value),
    setTemps: (value: unknown) => (temps = value),
  };
}

let device: ReturnType<typeof fakeDevice>;
let proxy: TestServer;
let clock: ReturnType<typeof manualClock>;
const demo: [string, string] = ['demo', 'demo1234'];

beforeEach(async () => {
  clock = manualClock('2026-11-27T01:15');
  device = fakeDevice(clock.now);
  const url = await device.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startTestServer({
    seed: demoSeedWithGuest(),
    now: clock.now,
    config: { upstreamUrl: url, upstreamUser: 'reader', upstreamPassword: 'read-only' },
  });
});
afterEach(async () => {
  await proxy.close();
  await device.app.close();
});

/** The rooms of one poll, as the history, the alarms and the export get them. */
async function pollRooms(): Promise<readonly PolledRoom[]> {
  let rooms: readonly PolledRoom[] = [];
  const stop = proxy.app.upstreamOf(proxy.app.houses.own()).subscribe((polled) => (rooms = polled));
  await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
  stop();
  // One delivery per history interval: the next poll is the next interval's.
  clock.advance(60_000);
  return rooms;
}

describe('our server in front of a real device (issue 33)', () => {
  it('a poll of a real device’s answer gives the same rooms as our server’s answer', async () => {
    device.setShape('clean');
    const clean = await pollRooms();
    device.setShape('controme');
    const real = await pollRooms();
    expect(clean.map((room) => room.id)).toEqual([1, 2, 3, 4, 5]);
    // The sensors' reports moved with the clock; everything else is the same.
    const withoutReports = (rooms: readonly PolledRoom[]) =>
      rooms.map((room) => ({
        ...room,
        sensoren: room.sensoren.map((sensor) => ({ ...sensor, letzte_uebertragung: null })),
      }));
    expect(withoutReports(real)).toEqual(withoutReports(clean));
    expect(real.map((room) => [room.luftfeuchte, room.betriebsart, room.valve])).toEqual([
      [48.5, 'Heating', 50],
      [52, 'Heating', 53],
      [61.5, 'Off', null],
      [null, 'Cooling', 0],
      [45, 'Heating', 99],
    ]);
  });

  it('history gets a sample of every poll from values sent as text: no gaps', async () => {
    for (let poll = 0; poll < 3; poll++) await pollRooms();
    const history = async (roomId: number) =>
      (
        (await (
          await proxy.request(`/api/history/${roomId}/`, { auth: demo })
        ).json()) as HistoryAnswer
      ).samples;
    // Kitchen: "22.0" and "52"; bath: "19,5" and "61,5" (humidity in whole percent).
    expect((await history(2)).map((sample) => [sample.temperature, sample.humidity])).toEqual([
      [22, 52],
      [22, 52],
      [22, 52],
    ]);
    expect((await history(3)).map((sample) => [sample.temperature, sample.humidity])).toEqual([
      [19.5, 62],
      [19.5, 62],
      [19.5, 62],
    ]);
    // A room whose sensor answers words has no temperature, and is still recorded.
    expect((await history(4)).map((sample) => sample.temperature)).toEqual([null, null, null]);
  });

  it('no alarm from a window contact’s null or an integer mode; a cold heated room still raises one', async () => {
    const floors = structuredClone(contromeTemps) as {
      raeume: Record<string, unknown>[];
    }[];
    const [living, kitchen] = floors[0]!.raeume;
    const [bath, , office] = floors[1]!.raeume;
    // Heating (2) and 6.5 K too cold: the alarm the rules must still raise.
    Object.assign(living!, { temperatur: '15,0', betriebsart: 2 });
    // Off (1) and as cold: no alarm for a room that does not heat.
    Object.assign(bath!, { temperatur: '15,5', betriebsart: 1 });
    // The window contact (null, reported a day ago) listed first, no sensor marked as the
    // room's: the silent contact is not the room's sensor.
    Object.assign(office!, {
      sensoren: [
        windowContact(5),
        {
          name: '28_aa',
          beschreibung: 'Büro',
          wert: '20,8',
          letzte_uebertragung: null,
          raumtemperatursensor: false,
        },
      ],
    });
    expect((kitchen!.sensoren as { wert: unknown }[])[1]!.wert).toBeNull();
    device.setTemps(floors);
    for (let minute = 0; minute <= 65; minute += 5) {
      await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
      clock.advance(5 * 60_000);
    }
    const open = (
      (await (await proxy.request('/api/alarms/?state=open', { auth: demo })).json()) as AlarmList
    ).alarms;
    expect(open.map((alarm) => [alarm.room, alarm.kind, alarm.value])).toEqual([
      [1, 'too-cold', 15],
    ]);
  });

  it('a real device’s answer keeps the device-offline alarm away; one that is no list of floors does not', async () => {
    const outcomes: boolean[] = [];
    proxy.app.upstreamOf(proxy.app.houses.own()).onOutcome((useful) => outcomes.push(useful));
    for (let minute = 0; minute <= 10; minute += 2) {
      await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
      clock.advance(2 * 60_000);
    }
    const open = async () =>
      (
        (await (await proxy.request('/api/alarms/?state=open', { auth: demo })).json()) as AlarmList
      ).alarms.map((alarm) => alarm.kind);
    expect(await open()).toEqual([]);
    // An answer of the right status that holds no floors (a device's error object).
    device.setTemps({ error: 'Haus nicht gefunden' });
    for (let minute = 0; minute <= 6; minute += 2) {
      await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
      clock.advance(2 * 60_000);
    }
    expect(outcomes).toEqual([...Array(6).fill(true), ...Array(4).fill(false)]);
    expect(await open()).toEqual(['device-offline']);
  });

  it('the export names the device’s rooms and floors as it read them', async () => {
    for (let poll = 0; poll < 2; poll++) await pollRooms();
    const response = await proxy.request(
      '/api/history/export.csv?from=2026-11-27T01:00&to=2026-11-27T02:00&step=1h&lang=de',
      { auth: demo },
    );
    expect(response.status).toBe(200);
    const { rows } = parseCsv(await response.text(), ';');
    // Every room once, in the device's order; "5" came as text, the room without an id not at all.
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['Wohnzimmer', 'EG'],
      ['Küche', 'EG'],
      ['Bad OG', 'OG'],
      ['Flur OG', 'OG'],
      ['Büro', 'OG'],
    ]);
    // Kitchen at 01:00: "22.0" °C, humidity "52", valves " 3": 45 and " 4": "60".
    expect(rows[2]!.slice(3)).toEqual(['22', '23', '52', '53']);
  });

  it('answers for tools pass through unchanged', async () => {
    for (const path of ['/get/json/v1/1/temps/', '/api/get/json/v1/1/temps/']) {
      const response = await proxy.request(path, { auth: demo });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Floor[];
      // Still the device's own shapes: text, integers, the room without an id.
      expect(body[1]!.raeume).toHaveLength(4);
      expect(body[0]!.raeume[0]!.luftfeuchte).toBe('48.5');
      expect(body[1]!.raeume[0]!.betriebsart).toBe(1);
    }
  });
});
