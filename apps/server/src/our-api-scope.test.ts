import type { AbsenceList, AlarmList, ApiErrorBody, AuditResponse } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { exportRooms } from './modules/history/export.js';
import { serverPerTest } from './test-support/test-server.js';
import { demo, writesTo } from './test-support/writes.js';
import {
  HAUSMEISTER,
  MIETER,
  NACHMIETER,
  SCHLAFZIMMER,
  scopedSeed,
  WOHNZIMMER,
} from './test-support/scoped-building.js';

// Issue 34: our API (history, alarms, audit, schedules, absences) follows the user's scope, and
// history, alarms and audit start at the user's first day. 2026-11-23 is a Monday.
// SIM_SPEED 1: the alarm rules count minutes as the simulation runs them.
const { clock, server } = serverPerTest('2026-11-23T10:00', {
  seed: scopedSeed(),
  config: { simSpeed: 1 },
});
const { multipart } = writesTo(server);

const get = (path: string, auth: [string, string]) => server().request(path, { auth });
const post = (path: string, fields: Record<string, string>, user: [string, string]) => {
  const form = new FormData();
  form.set('user', user[0]);
  form.set('password', user[1]);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return server().request(path, { method: 'POST', body: form });
};
async function forbidden(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as ApiErrorBody).error).toBe('forbidden');
}

/** Sensor-silent alarms for these rooms, raised through the service as its ticks would. */
async function alarmsFor(roomIds: number[]) {
  const lastReading = clock.now();
  clock.advance(40 * 60_000);
  await server()
    .app.alarmsOf(server().app.houses.own())
    .evaluate(
      roomIds.map((roomId) => ({
        roomId,
        mode: 'Heating',
        temperature: 18.24,
        target: 18,
        reportedAt: lastReading,
      })),
      clock.now(),
    );
  return await server().app.alarmsOf(server().app.houses.own()).repo.list('open', 0);
}

describe('history and schedules', () => {
  it('answers 403 for a room outside the scope and the room for one in it', async () => {
    await forbidden(await get(`/api/history/${WOHNZIMMER}/`, MIETER));
    expect((await get(`/api/history/${SCHLAFZIMMER}/`, MIETER)).status).toBe(200);
    expect((await get('/api/history/999/', MIETER)).status).toBe(404);
    await forbidden(await get(`/api/schedules/${WOHNZIMMER}/`, MIETER));
    expect((await get(`/api/schedules/${SCHLAFZIMMER}/`, MIETER)).status).toBe(200);
  });

  it('exports only the rooms of the scope', () => {
    const all = [
      { id: WOHNZIMMER, name: 'Wohnzimmer', floorId: 1, floorName: 'EG' },
      { id: 2, name: 'Küche', floorId: 1, floorName: 'EG' },
      { id: SCHLAFZIMMER, name: 'Schlafzimmer', floorId: 2, floorName: 'OG' },
    ];
    const names = (user: { floors: number[]; rooms: number[] }, floor: number | null = null) =>
      exportRooms(all, user, floor).map((room) => room.name);
    expect(names({ floors: [], rooms: [] })).toEqual(['Wohnzimmer', 'Küche', 'Schlafzimmer']);
    expect(names({ floors: [], rooms: [SCHLAFZIMMER] })).toEqual(['Schlafzimmer']);
    expect(names({ floors: [1], rooms: [SCHLAFZIMMER] }, 1)).toEqual(['Wohnzimmer', 'Küche']);
  });

  it('lets a floor manager edit the week of their floor only', async () => {
    const week = await (await get(`/api/schedules/${WOHNZIMMER}/`, demo)).json();
    const fields = { week: JSON.stringify((week as { week: unknown }).week) };
    expect((await post(`/api/schedules/${WOHNZIMMER}/`, fields, HAUSMEISTER)).status).toBe(200);
    await forbidden(await post(`/api/schedules/${SCHLAFZIMMER}/`, fields, HAUSMEISTER));
  });

  it("starts a user's history at their first day", async () => {
    clock.set('2026-12-02T10:00');
    const response = await get(
      `/api/history/${SCHLAFZIMMER}/?from=2026-11-20T00:00&to=2026-12-02T00:00`,
      NACHMIETER,
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { from: string }).from).toBe('2026-12-01T00:00:00+01:00');
  });
});

describe('alarms', () => {
  it('lists and acknowledges only the alarms of rooms in the scope', async () => {
    const alarms = await alarmsFor([WOHNZIMMER, SCHLAFZIMMER]);
    expect(alarms).toHaveLength(2);
    const listed = async (auth: [string, string]) =>
      ((await (await get('/api/alarms/', auth)).json()) as AlarmList).alarms.map((a) => a.room);
    expect((await listed(demo)).sort()).toEqual([WOHNZIMMER, SCHLAFZIMMER]);
    expect(await listed(MIETER)).toEqual([SCHLAFZIMMER]);
    expect(await listed(HAUSMEISTER)).toEqual([WOHNZIMMER]);
    const of = (roomId: number) => alarms.find((alarm) => alarm.roomId === roomId)!.id;
    await forbidden(await post(`/api/alarms/${of(SCHLAFZIMMER)}/ack`, {}, HAUSMEISTER));
    await forbidden(
      await post('/api/alarms/ack/', { ids: `${of(WOHNZIMMER)},${of(SCHLAFZIMMER)}` }, HAUSMEISTER),
    );
    expect((await post(`/api/alarms/${of(WOHNZIMMER)}/ack`, {}, HAUSMEISTER)).status).toBe(200);
  });

  it('mails an alarm to the managers whose scope holds its room', async () => {
    const alarms = await alarmsFor([WOHNZIMMER, SCHLAFZIMMER]);
    const recipients = async (roomId: number) =>
      (
        await server()
          .app.alarmsOf(server().app.houses.own())
          .repo.mailsOf(alarms.find((alarm) => alarm.roomId === roomId)!.id)
      ).map((mail) => mail.recipient);
    const wohnzimmer = await recipients(WOHNZIMMER);
    const schlafzimmer = await recipients(SCHLAFZIMMER);
    expect(wohnzimmer).toContain('hausmeister@example.com');
    expect(schlafzimmer).not.toContain('hausmeister@example.com');
    // The building-wide manager gets both; the occupant (no manage) neither.
    const demoMail = wohnzimmer.find((each) => schlafzimmer.includes(each));
    expect(demoMail).toBeDefined();
    expect(schlafzimmer).not.toContain('mieter@example.com');
  });

  it("hides alarms from before a user's first day", async () => {
    await alarmsFor([SCHLAFZIMMER]);
    clock.set('2026-12-01T08:00');
    expect((await get('/api/alarms/?state=all', demo)).status).toBe(200);
    const mine = ((await (await get('/api/alarms/?state=all', NACHMIETER)).json()) as AlarmList)
      .alarms;
    expect(mine).toEqual([]);
  });
});

describe('audit', () => {
  it('shows a floor manager the entries of their rooms, and no account events', async () => {
    await multipart(`ziel/${WOHNZIMMER}/`, { ziel: '22' }, demo);
    await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '22' }, demo);
    const entries = async (auth: [string, string], query = '') =>
      ((await (await get(`/api/audit/${query}`, auth)).json()) as AuditResponse).entries;
    const theirs = await entries(HAUSMEISTER);
    expect(theirs.map((entry) => entry.room)).toEqual([WOHNZIMMER]);
    await forbidden(await get(`/api/audit/?room=${SCHLAFZIMMER}`, HAUSMEISTER));
    // A building-wide manager sees everything, account events (no room) included.
    const all = await entries(demo);
    expect(all.map((entry) => entry.room)).toEqual([SCHLAFZIMMER, WOHNZIMMER]);
    // An account event has no room.
    await server().app.commit((tx) =>
      server().app.audit.record(tx, {
        user: null,
        source: 'cli',
        action: 'user-added',
        subject: 'x',
      }),
    );
    expect((await entries(demo)).some((entry) => entry.room === null)).toBe(true);
    expect((await entries(HAUSMEISTER)).some((entry) => entry.room === null)).toBe(false);
  });
});

describe('absences', () => {
  const holidays = {
    name: 'Ferien',
    from: '2026-11-24T09:00:00',
    to: '2026-11-26T18:00:00',
    target: '16',
  };

  it('lets a floor manager plan absences of their rooms only, and lists only those', async () => {
    await forbidden(
      await post(
        '/api/absences/',
        { ...holidays, rooms: `${WOHNZIMMER},${SCHLAFZIMMER}` },
        HAUSMEISTER,
      ),
    );
    expect(
      (await post('/api/absences/', { ...holidays, rooms: `${WOHNZIMMER}` }, HAUSMEISTER)).status,
    ).toBe(200);
    const both = await post(
      '/api/absences/',
      { ...holidays, name: 'Alle', rooms: `${WOHNZIMMER},${SCHLAFZIMMER}` },
      demo,
    );
    const id = ((await both.json()) as { id: number }).id;
    // Not theirs as a whole: neither ended nor edited by them.
    await forbidden(await post(`/api/absences/${id}/end`, {}, HAUSMEISTER));
    const listed = async (auth: [string, string]) =>
      ((await (await get('/api/absences/', auth)).json()) as AbsenceList).absences.map(
        (absence) => [absence.name, absence.rooms],
      );
    expect(await listed(MIETER)).toEqual([['Alle', [SCHLAFZIMMER]]]);
    expect(await listed(HAUSMEISTER)).toEqual([
      ['Ferien', [WOHNZIMMER]],
      ['Alle', [WOHNZIMMER]],
    ]);
  });
});
