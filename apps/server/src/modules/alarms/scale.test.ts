import type { AcknowledgeAlarmsAnswer, AlarmList, AuditResponse } from '@raumregler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { form, startAccountsServer } from '../../test-support/accounts.js';
import { manualClock, type TestServer } from '../../test-support/test-server.js';

/** Issue 32: the list's filters, the bulk acknowledge and the acknowledgements in the audit log. */
const demo: [string, string] = ['demo', 'demo1234'];
const MINUTE = 60_000;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * The demo building with three alarms raised through the service: sensor-silent in room 5 (OG)
 * at 07:00, too-cold in room 1 (EG) since 07:40, sensor-silent in room 1 at 07:00.
 */
async function withAlarms() {
  const clock = manualClock('2026-11-23T07:00');
  server = await startAccountsServer({ simSpeed: 1 }, clock.now);
  const start = clock.now();
  clock.advance(40 * MINUTE);
  await server.app.alarmsOf(server.app.houses.own()).evaluate(
    [
      { roomId: 5, mode: 'Heating', temperature: 18, target: 18, reportedAt: start },
      { roomId: 1, mode: 'Heating', temperature: 18, target: 18, reportedAt: start },
    ],
    clock.now(),
  );
  // Room 2 stays 3 K below its target for an hour: too cold.
  for (let minute = 0; minute <= 60; minute += 5) {
    await server.app
      .alarmsOf(server.app.houses.own())
      .evaluate(
        [{ roomId: 2, mode: 'Heating', temperature: 17, target: 21, reportedAt: clock.now() }],
        clock.now(),
      );
    clock.advance(5 * MINUTE);
  }
  const all = await server.app.alarmsOf(server.app.houses.own()).repo.list('open', 0);
  const idOf = (roomId: number, kind: string) =>
    all.find((alarm) => alarm.roomId === roomId && alarm.kind === kind)!.id;
  return {
    clock,
    silent5: idOf(5, 'sensor-silent'),
    silent1: idOf(1, 'sensor-silent'),
    cold2: idOf(2, 'too-cold'),
  };
}

const list = async (query: string) => {
  const response = await server!.request(`/api/alarms/${query}`, { auth: demo });
  expect(response.status).toBe(200);
  return ((await response.json()) as AlarmList).alarms;
};

const bulk = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  server!.request('/api/alarms/ack/', { method: 'POST', body: form(fields), headers });

describe('GET /api/alarms/ filters', () => {
  it('filters by one or more kinds, by floor id and by the start; bad values are 400 naming the field', async () => {
    const { silent5, silent1, cold2 } = await withAlarms();
    const ids = (alarms: { id: number }[]) => alarms.map((alarm) => alarm.id).sort();
    expect(ids(await list('?kind=too-cold'))).toEqual([cold2]);
    expect(ids(await list('?kind=sensor-silent,too-cold'))).toEqual(
      [silent5, silent1, cold2].sort(),
    );
    const [first] = await list('?kind=too-cold');
    expect(first).toMatchObject({ room: 2, floor: 'EG', floor_id: 1 });
    expect(ids(await list('?floor=2'))).toEqual([silent5]);
    expect(ids(await list('?floor=1&kind=sensor-silent'))).toEqual([silent1]);
    expect(await list('?floor=99')).toEqual([]);
    // The too-cold alarm began at 07:40 (its condition); the silent ones at 07:00.
    expect(ids(await list('?from=2026-11-23T07:30:00%2B01:00'))).toEqual([cold2]);
    expect(ids(await list('?to=2026-11-23T07:30'))).toEqual([silent5, silent1].sort());
    expect(ids(await list('?from=2026-11-23T06:00:00Z&to=2026-11-23T06:30:00Z'))).toEqual(
      [silent5, silent1].sort(),
    );

    for (const [query, field] of [
      ['?kind=too-hot', 'kind'],
      ['?kind=too-cold,,', 'kind'],
      ['?kind=too-cold&kind=too-warm', 'kind'],
      ['?floor=EG', 'floor'],
      ['?floor=-1', 'floor'],
      ['?from=gestern', 'from'],
      ['?to=2026-13-01T00:00', 'to'],
      [`?from=${'9'.repeat(5000)}`, 'from'],
      ['?from=2026-11-24T00:00&to=2026-11-23T00:00', 'to'],
    ] as const) {
      const response = await server!.request(`/api/alarms/${query}`, { auth: demo });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; messages: Record<string, unknown> };
      expect(body.error, query).toBe('validation_failed');
      expect(Object.keys(body.messages), query).toEqual([field]);
    }
  });

  it("a period lifts state=all's 30 days: the cleared alarms that started in it are listed", async () => {
    const { clock, cold2 } = await withAlarms();
    // Room 2 warms up: 10 minutes later its alarm clears.
    for (let minute = 0; minute <= 10; minute++) {
      await server!.app
        .alarmsOf(server!.app.houses.own())
        .evaluate(
          [{ roomId: 2, mode: 'Heating', temperature: 21, target: 21, reportedAt: clock.now() }],
          clock.now(),
        );
      clock.advance(MINUTE);
    }
    expect((await list('?state=all&kind=too-cold')).map((alarm) => alarm.id)).toEqual([cold2]);
    clock.advance(40 * 24 * 60 * MINUTE);
    expect(await list('?state=all&kind=too-cold')).toEqual([]);
    const period = await list('?state=all&kind=too-cold&from=2026-11-01T00:00&to=2026-12-01T00:00');
    expect(period).toEqual([expect.objectContaining({ id: cold2, state: 'cleared' })]);
    // Open and active keep their meaning with a period.
    expect(await list('?state=open&kind=too-cold&from=2026-11-01T00:00')).toEqual([]);
  });
});

describe('POST /api/alarms/ack/', () => {
  it('acknowledges many with one note, durable, each in the audit log; unknown and cleared fail with their code', async () => {
    const { clock, silent5, silent1, cold2 } = await withAlarms();
    // The silent sensor of room 5 reports again: its alarm clears 10 minutes later.
    for (let minute = 0; minute <= 10; minute++) {
      await server!.app
        .alarmsOf(server!.app.houses.own())
        .evaluate(
          [{ roomId: 5, mode: 'Heating', temperature: 18, target: 18, reportedAt: clock.now() }],
          clock.now(),
        );
      clock.advance(MINUTE);
    }
    // Room 1's silent alarm was acknowledged before: it counts as acknowledged, unchanged.
    const single = await server!.request(`/api/alarms/${silent1}/ack`, {
      method: 'POST',
      body: form({ user: 'techniker', password: 'techniker1234', note: 'Fühler getauscht' }),
    });
    expect(single.status).toBe(200);

    const response = await bulk(
      {
        user: 'demo',
        password: 'demo1234',
        ids: ` ${cold2}, ${silent1},${silent5},999999,${cold2}`,
        note: '  Fenster zu, Heizung läuft  ',
      },
      { 'X-Raumregler-Client': 'web' },
    );
    expect(response.status).toBe(200);
    expect((await response.json()) as AcknowledgeAlarmsAnswer).toEqual({
      acknowledged: [cold2, silent1],
      failed: [
        { id: silent5, error: 'conflict' },
        { id: 999999, error: 'not_found' },
      ],
    });
    expect(await server!.app.alarmsOf(server!.app.houses.own()).repo.findById(cold2)).toMatchObject(
      {
        state: 'acknowledged',
        acknowledgedBy: 'demo',
        note: 'Fenster zu, Heizung läuft',
      },
    );
    expect(
      await server!.app.alarmsOf(server!.app.houses.own()).repo.findById(silent1),
    ).toMatchObject({
      acknowledgedBy: 'techniker',
      note: 'Fühler getauscht',
    });

    // One entry per acknowledgement, single or bulk, with the room, the kind and the note.
    const audit = (await (
      await server!.request('/api/audit/', { auth: demo })
    ).json()) as AuditResponse;
    const entries = audit.entries.filter((entry) => entry.action === 'alarm-acknowledged');
    expect(entries).toEqual([
      expect.objectContaining({
        user: 'demo',
        room: 2,
        room_name: 'Küche',
        floor: 'EG',
        source: 'app',
        after: { alarm: cold2, kind: 'too-cold', note: 'Fenster zu, Heizung läuft' },
      }),
      expect.objectContaining({
        user: 'techniker',
        room: 1,
        source: 'api',
        after: { alarm: silent1, kind: 'sensor-silent', note: 'Fühler getauscht' },
      }),
    ]);
  });

  it('takes manage, and refuses bad ids, a note too long and ids beyond 16 KiB without a 500', async () => {
    const { cold2 } = await withAlarms();
    expect((await bulk({ ids: String(cold2) })).status).toBe(401);
    const reader = await bulk({ user: 'verwalter', password: 'verwalter1234', ids: String(cold2) });
    expect(reader.status).toBe(403);
    expect(await reader.json()).toMatchObject({ error: 'forbidden' });

    const signedIn = { user: 'demo', password: 'demo1234' };
    for (const ids of [
      '',
      ' , ',
      'abc',
      '1,,2',
      '1;2',
      '0',
      '-3',
      '1.5',
      '1e3',
      `${'9'.repeat(13)}`,
    ]) {
      const response = await bulk({ ...signedIn, ids });
      expect(response.status, ids).toBe(400);
      expect(await response.json(), ids).toMatchObject({
        error: 'validation_failed',
        messages: { ids: [expect.any(String)] },
      });
    }
    expect((await bulk(signedIn)).status).toBe(400);
    const long = await bulk({ ...signedIn, ids: String(cold2), note: 'ü'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: 'validation_failed',
      messages: { note: ['note may have at most 500 characters.'] },
    });

    // Exactly 16 KiB of ids is taken (the unknown ones fail); one byte more is 413, as multipart
    // and as urlencoded.
    const filler = (bytes: number) => {
      let text = String(cold2);
      while (text.length + 2 <= bytes) text += ',9';
      return text.padEnd(bytes, '1').slice(0, bytes);
    };
    const exact = filler(16 * 1024);
    expect(Buffer.byteLength(exact)).toBe(16 * 1024);
    const full = await bulk({ ...signedIn, ids: exact });
    expect(full.status).toBe(200);
    expect(((await full.json()) as AcknowledgeAlarmsAnswer).acknowledged).toEqual([cold2]);
    const over = await bulk({ ...signedIn, ids: `${exact}1` });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: 'payload_too_large' });
    const urlencoded = await server!.request('/api/alarms/ack/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...signedIn, ids: `${exact}1` }).toString(),
    });
    expect(urlencoded.status).toBe(413);
    // Another field keeps its 1 KiB.
    const other = await bulk({ ...signedIn, ids: String(cold2), extra: 'x'.repeat(2000) });
    expect(other.status).toBe(413);
  });
});
