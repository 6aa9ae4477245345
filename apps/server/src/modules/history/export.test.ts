import type { HistoryAnswer } from '@raumregler/contract';
import { parseCsv, parseLocaleNumber } from '@raumregler/contract/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { benchUser, generateBuilding } from '../../test-support/generate-building.js';
import {
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { expectError } from '../../test-support/writes.js';
import { createLocalClock } from '../../platform/clock/local-time.js';
import type { UserRecord } from '../../platform/auth/users.js';
import { exportRooms, localDayStart } from './export.js';

const BENCH: [string, string] = [benchUser.username, benchUser.password];
const NAME = 'Büro; "Nord", 1';

/** 2 floors × 3 rooms, one named with a separator of each language and quotes; a guest. */
function seed() {
  const building = generateBuilding(2, 3);
  building.floors[0]!.rooms[1]!.name = NAME;
  building.users.push({
    username: GUEST[0],
    email: 'gast@example.com',
    password: GUEST[1],
    firstName: 'Gabi',
    lastName: 'Gast',
    access: { smart: 'no-access', pro: 'no-access' },
  });
  return building;
}

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

/** A server at 2026-11-23 10:00 (Berlin) with `days` of the simulation's backfill. */
async function start(days = 7) {
  const clock = manualClock('2026-11-23T10:00');
  server = await startTestServer({
    now: clock.now,
    seed: seed(),
    config: { historyBackfillDays: days },
  });
  await server.app.historyOf(server.app.houses.own()).startBackfill();
  return server;
}

const exportOf = async (query: string, auth = BENCH, headers: Record<string, string> = {}) => {
  const response = await server.request(`/api/history/export.csv?${query}`, { auth, headers });
  expect(response.status, await response.clone().text()).toBe(200);
  // As a file is read: fetch's text() would drop the BOM.
  const bytes = await response.arrayBuffer();
  return { response, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
};

/** 15-minute means of one room from the room history (JSON). */
const quarters = async (roomId: number, from: string, to: string) => {
  const response = await server.request(`/api/history/${roomId}/?from=${from}&to=${to}&step=900`, {
    auth: BENCH,
  });
  return ((await response.json()) as HistoryAnswer).samples;
};
const mean = (values: number[]) =>
  Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;

describe('GET /api/history/export.csv', () => {
  it('German: BOM, semicolons, decimal comma, local times; every room in room order, each hour', async () => {
    await start();
    const { response, text } = await exportOf(
      'from=2026-11-20T00:00&to=2026-11-21T00:00&step=1h&lang=de',
    );
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="verlauf-alle-raeume-2026-11-20-bis-2026-11-20.csv"',
    );
    const { bom, rows } = parseCsv(text, ';');
    expect(bom).toBe(true);
    expect(rows[0]).toEqual([
      'Raum',
      'Geschoss',
      'Zeit',
      'Temperatur',
      'Ziel',
      'Luftfeuchte',
      'Ventil',
    ]);
    const body = rows.slice(1);
    expect(body).toHaveLength(6 * 24);
    // Room order: EG's rooms, then 1. OG's, each in its hours.
    const names = [...new Set(body.map((row) => row[0]))];
    expect(names).toEqual(['Raum 1.01', NAME, 'Raum 1.03', 'Raum 2.01', 'Raum 2.02', 'Raum 2.03']);
    expect(body[24]!.slice(0, 3)).toEqual([NAME, 'EG', '20.11.2026 00:00']);
    expect(body[24 + 23]![2]).toBe('20.11.2026 23:00');
    expect(body.at(-1)!.slice(0, 2)).toEqual(['Raum 2.03', '1. OG']);

    // An hour is the mean of its four quarters, as the room history gives them.
    const fourQuarters = await quarters(2, '2026-11-20T08:00', '2026-11-20T08:45');
    expect(fourQuarters).toHaveLength(4);
    const eight = body.find((row) => row[0] === NAME && row[2] === '20.11.2026 08:00')!;
    const [temperature, target, humidity, valve] = eight.slice(3).map((cell) => {
      expect(cell).not.toContain('.');
      return parseLocaleNumber(cell, true);
    });
    expect(temperature).toBe(mean(fourQuarters.map((q) => q.temperature!)));
    expect(target).toBe(mean(fourQuarters.map((q) => q.target!)));
    expect(humidity).toBe(Math.round(mean(fourQuarters.map((q) => q.humidity!))));
    expect(valve).toBe(Math.round(mean(fourQuarters.map((q) => q.valve!))));
    expect(body.some((row) => row[3]!.includes(','))).toBe(true);
  });

  it('English: commas, decimal points, ISO times with offset, no BOM; quotes a name with a comma', async () => {
    await start();
    const { response, text } = await exportOf(
      'from=2026-11-20T06:00&to=2026-11-20T08:00&step=15m&lang=en&floor=1',
    );
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="history-all-rooms-floor-1-2026-11-20-to-2026-11-20.csv"',
    );
    expect(text.startsWith('room,floor,time,temperature,target,humidity,valve\r\n')).toBe(true);
    expect(text).toContain('"Büro; ""Nord"", 1",EG,2026-11-20T06:00:00+01:00,');
    const { bom, rows } = parseCsv(text, ',');
    expect(bom).toBe(false);
    const body = rows.slice(1);
    // Floor 1 only: 3 rooms × 8 quarters.
    expect(body).toHaveLength(3 * 8);
    expect(new Set(body.map((row) => row[1]))).toEqual(new Set(['EG']));
    const room2 = body.filter((row) => row[0] === NAME);
    const fromHistory = await quarters(2, '2026-11-20T06:00', '2026-11-20T07:45');
    expect(room2.map((row) => row[2])).toEqual(fromHistory.map((q) => q.time));
    expect(room2.map((row) => parseLocaleNumber(row[3]!, false))).toEqual(
      fromHistory.map((q) => q.temperature),
    );
  });

  it('quotes a German name holding the separator, and leaves a comma unquoted there', async () => {
    await start();
    const { text } = await exportOf('from=2026-11-20T00:00&to=2026-11-20T01:00&lang=de');
    expect(text).toContain('\r\n"Büro; ""Nord"", 1";EG;20.11.2026 00:00;');
  });

  it('follows the user record language when no lang is given', async () => {
    await start();
    const user = (await server.app.repos.users.findByUsername(benchUser.username))!;
    const german = await exportOf('from=2026-11-20T00:00&to=2026-11-20T01:00');
    expect(german.text.startsWith('\uFEFFRaum;Geschoss;')).toBe(true);
    await server.app.repos.users.setLanguage(server.app.sql, user.id, 'en');
    server.app.forgetUser(user.id);
    // An Accept-Language does not decide: the user's language does (docs/device-api.md).
    const english = await exportOf('from=2026-11-20T00:00&to=2026-11-20T01:00', BENCH, {
      'accept-language': 'de-DE,de',
    });
    expect(english.text.startsWith('room,floor,time,')).toBe(true);
  });

  it('makes local days (23 and 25 hours where the clocks change) and repeats the autumn hour', async () => {
    await start(31);
    const days = await exportOf('from=2026-10-24T00:00&to=2026-10-27T00:00&step=1d&lang=de');
    const dayRows = parseCsv(days.text, ';').rows.slice(1);
    expect(dayRows.filter((row) => row[0] === 'Raum 1.01').map((row) => row[2])).toEqual([
      '24.10.2026 00:00',
      '25.10.2026 00:00',
      '26.10.2026 00:00',
    ]);
    const hours = await exportOf(
      'from=2026-10-25T00:00:00%2B02:00&to=2026-10-26T00:00:00%2B01:00&step=1h&lang=en',
    );
    const hourRows = parseCsv(hours.text, ',').rows.filter((row) => row[0] === 'Raum 1.01');
    expect(hourRows).toHaveLength(25);
    expect(hourRows.map((row) => row[2]).slice(1, 4)).toEqual([
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
    ]);
    // The day's mean is the mean of its 100 quarters.
    const dayQuarters = await quarters(1, '2026-10-25T00:00', '2026-10-25T23:45');
    expect(dayQuarters).toHaveLength(100);
    const day = dayRows.find((row) => row[0] === 'Raum 1.01' && row[2] === '25.10.2026 00:00')!;
    expect(parseLocaleNumber(day[4]!, true)).toBe(mean(dayQuarters.map((q) => q.target!)));
  });

  it('answers 400 naming the field for bad or too large input', async () => {
    await start();
    const bad = async (query: string, field: string) => {
      const response = await server.request(`/api/history/export.csv?${query}`, { auth: BENCH });
      await expectError(response, 400, field);
    };
    await bad('step=2h', 'step');
    await bad('step=5', 'step');
    await bad('step=constructor', 'step');
    // Raw samples only inside the raw window (HISTORY_RAW_DAYS, 14).
    await bad('step=60&from=2026-10-01T00:00&to=2026-10-02T00:00', 'step');
    await bad('lang=fr', 'lang');
    await bad('floor=abc', 'floor');
    await bad('floor=99', 'floor');
    await bad('from=yesterday', 'from');
    await bad('from=2026-11-20T00:00&to=2026-11-19T00:00', 'to');
    await bad('from=2025-01-01T00:00&to=2026-11-23T00:00', 'from');
    // 400 whole days and an hour where the clocks changed are fine, and so is the raw step
    // inside the raw window.
    await exportOf('from=2025-10-19T00:00&to=2026-11-23T00:00&step=1d&floor=2');
    await exportOf('from=2026-11-23T09:00&to=2026-11-23T10:00&step=60');
  });

  it('needs the read capability', async () => {
    await start();
    expect((await server.request('/api/history/export.csv')).status).toBe(401);
    await expectError(await server.request('/api/history/export.csv', { auth: GUEST }), 403);
  });
});

describe('the export rooms', () => {
  const user = { id: 1, language: 'de' } as UserRecord;
  const rooms = [
    { id: 3, name: 'A', floorId: 1, floorName: 'EG' },
    { id: 1, name: 'B', floorId: 1, floorName: 'EG' },
    { id: 2, name: 'C', floorId: 2, floorName: 'OG' },
  ];
  it('are every room in the given order, or one floor’s (the hook for room-scoped users)', () => {
    expect(exportRooms(rooms, user, null).map((room) => room.id)).toEqual([3, 1, 2]);
    expect(exportRooms(rooms, user, 2).map((room) => room.id)).toEqual([2]);
  });

  it('start their days at local midnight, also on the days the clocks change', () => {
    const dayStart = localDayStart(createLocalClock('Europe/Berlin'));
    expect(new Date(dayStart(Date.parse('2026-03-29T12:00:00Z'))).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(dayStart(Date.parse('2026-10-25T23:30:00Z'))).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });
});
