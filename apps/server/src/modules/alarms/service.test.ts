import type { AcknowledgeAlarmAnswer, AlarmList } from '@raumregler/contract';
import { reread } from '../../test-support/building.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { startSmtpPeer, type SmtpPeer } from '../../test-support/smtp-peer.js';
import { form, startAccountsServer } from '../../test-support/accounts.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';

const demo: [string, string] = ['demo', 'demo1234'];
let server: TestServer | undefined;
let smtp: SmtpPeer | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.close();
  server = undefined;
  smtp = undefined;
});

/** The CLI as a user types it, on the running server's database. */
async function cli(active: TestServer, ...argv: string[]) {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await runCli(argv, active.app.store, io, active.app.clock.now);
  return { code, output: lines.join('\n') };
}

async function alarms(active: TestServer, state = 'all') {
  const response = await active.request(`/api/alarms/?state=${state}`, { auth: demo });
  expect(response.status).toBe(200);
  return ((await response.json()) as AlarmList).alarms;
}

/** Runs the simulation on the manual clock: `realSeconds` in ticks of 5 s, as the timer does. */
async function run(active: TestServer, clock: ReturnType<typeof manualClock>, realSeconds: number) {
  for (let t = 0; t < realSeconds; t += 5) {
    clock.advance(5_000);
    await active.app.simulate();
  }
  // The alarms decided in these ticks, stored.
  await active.app.alarmsOf(active.app.houses.own()).settled();
}

const ack = (active: TestServer, id: number, fields: Record<string, string>) =>
  active.request(`/api/alarms/${id}/ack`, { method: 'POST', body: form(fields) });

describe('alarms on a running fast simulation', () => {
  it('an open window raises one too-cold alarm, mailed once to each manager; acknowledged; closed, it clears', async () => {
    smtp = await startSmtpPeer();
    const clock = manualClock('2026-11-23T10:00');
    server = await startTestServer({
      now: clock.now,
      config: {
        simSpeed: 60,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        publicUrl: 'https://heizung.example.com',
      },
    });
    expect(await cli(server, 'user', 'language', 'techniker', 'en')).toMatchObject({ code: 0 });
    // Room 2 is switched off and room 4 has no sensor: open windows there raise nothing.
    const off = await server.request('/set/json/v1/1/rooms/2/', {
      method: 'POST',
      auth: demo,
      body: form({ action: 'betriebsart', value: 'off' }),
    });
    expect(off.status).toBe(200);
    for (const room of ['1', '2', '4']) {
      expect(await cli(server, 'sim', 'window', room, 'open')).toMatchObject({ code: 0 });
    }

    // Three simulated hours (three real minutes at SIM_SPEED 60).
    await run(server, clock, 180);
    const raised = await alarms(server);
    expect(raised).toEqual([
      expect.objectContaining({
        room: 1,
        room_name: 'Wohnzimmer',
        floor: 'EG',
        kind: 'too-cold',
        state: 'active',
        acknowledged_by: null,
        cleared_at: null,
      }),
    ]);
    const alarm = raised[0]!;
    expect(alarm.since).toMatch(/^2026-11-23T10:\d\d:\d\d\+01:00$/);
    expect(alarm.value!).toBeLessThan(alarm.target! - 2);

    // One mail to each user with manage (demo; techniker in English), none to the others.
    await server.app.alarmsOf(server.app.houses.own()).deliver();
    await smtp.waitFor(2);
    const mails = [...smtp.received].sort((a, b) => a.to[0]!.localeCompare(b.to[0]!));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [['demo@example.com'], 'Alarm: Wohnzimmer (EG) zu kalt'],
      [['techniker@example.com'], 'Alarm: Wohnzimmer (EG) too cold'],
    ]);
    expect(mails[0]!.text).toContain('Sollwert: 21,0 °C');
    expect(mails[0]!.text).toMatch(/Seit: 23\.11\.2026 10:\d\d/);
    expect(mails[0]!.text).toContain(
      'https://heizung.example.com/re/home/room-control/smart/room/1',
    );
    expect(mails[1]!.text).toContain('Target: 21.0 °C');

    // More hours of the same cold: still one alarm, no second mail.
    await run(server, clock, 60);
    await server.app.alarmsOf(server.app.houses.own()).deliver();
    expect(await alarms(server, 'open')).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);

    // Acknowledging takes the manage capability.
    const refused = await ack(server, alarm.id, { user: 'verwalter', password: 'verwalter1234' });
    expect(refused.status).toBe(403);
    const acknowledged = await ack(server, alarm.id, {
      user: 'demo',
      password: 'demo1234',
      note: 'Fenster offen, Hausmeister informiert',
    });
    expect(acknowledged.status).toBe(200);
    expect(((await acknowledged.json()) as AcknowledgeAlarmAnswer).alarm).toMatchObject({
      id: alarm.id,
      state: 'acknowledged',
      acknowledged_by: 'demo',
      note: 'Fenster offen, Hausmeister informiert',
      acknowledged_at: expect.stringMatching(/^2026-11-23T10:\d\d:\d\d\+01:00$/),
    });
    expect(await alarms(server, 'active')).toEqual([]);
    expect(await alarms(server, 'open')).toHaveLength(1);

    // Closed, the room heats back; 10 minutes after it is no longer too cold, the alarm clears.
    expect(await cli(server, 'sim', 'window', '1', 'closed')).toMatchObject({ code: 0 });
    await run(server, clock, 120);
    expect(await alarms(server, 'open')).toEqual([]);
    const [cleared] = await alarms(server, 'all');
    expect(cleared).toMatchObject({
      id: alarm.id,
      state: 'cleared',
      acknowledged_by: 'demo',
      note: 'Fenster offen, Hausmeister informiert',
    });
    expect(cleared!.cleared_at).toMatch(/\+01:00$/);
    const acknowledgeCleared = await ack(server, alarm.id, { user: 'demo', password: 'demo1234' });
    expect(acknowledgeCleared.status).toBe(409);
    expect(await acknowledgeCleared.json()).toMatchObject({ error: 'conflict' });

    // A switched-off sensor: sensor-silent after 30 simulated minutes.
    expect(await cli(server, 'sim', 'sensor', '3', 'off')).toMatchObject({ code: 0 });
    await run(server, clock, 25);
    expect(await alarms(server, 'open')).toEqual([]);
    await run(server, clock, 10);
    expect(await alarms(server, 'open')).toEqual([
      expect.objectContaining({ room: 3, room_name: 'Arbeitszimmer', kind: 'sensor-silent' }),
    ]);
    // The room that is off and the room without a sensor raised nothing in all that time.
    expect((await alarms(server, 'all')).map((each) => [each.room, each.kind])).toEqual([
      [3, 'sensor-silent'],
      [1, 'too-cold'],
    ]);
    // On again: readings resume and the alarm clears 10 simulated minutes later.
    expect(await cli(server, 'sim', 'sensor', '3', 'on')).toMatchObject({ code: 0 });
    await run(server, clock, 15);
    expect(await alarms(server, 'open')).toEqual([]);
  });
});

describe('no false alarm', () => {
  it('the demo building runs 7 days with its schedules switching and raises nothing', async () => {
    const clock = manualClock('2026-11-23T00:00');
    // A false alarm's mails would land in a throw-away folder.
    server = await startAccountsServer({ simSpeed: 1 }, clock.now);
    // Night set-backs and morning heat-ups every day, in ticks of five simulated minutes.
    const temperatures = new Set<number>();
    for (let tick = 0; tick < 7 * 24 * 12; tick++) {
      clock.advance(5 * 60_000);
      await server.app.simulate();
      temperatures.add(Math.round(server.app.houses.own().building.findRoom(1)!.temperature!));
    }
    // The rooms did move with their programmes (a positive signal that time ran).
    expect(temperatures.size).toBeGreaterThan(2);
    await server.app.alarmsOf(server.app.houses.own()).settled();
    expect(await alarms(server)).toEqual([]);
  });

  it('a room warming from 12 °C after an absence raises nothing, though below target − 2 K for over an hour', async () => {
    const clock = manualClock('2026-11-23T10:00');
    // A false alarm's mails would land in a throw-away folder.
    server = await startAccountsServer({ simSpeed: 1 }, clock.now);
    server.app.store.sqlite!.prepare('UPDATE rooms SET temperature = 12 WHERE id = 1').run();
    await reread(server.app);
    const below: number[] = [];
    for (let minute = 5; minute <= 6 * 60; minute += 5) {
      clock.advance(5 * 60_000);
      await server.app.simulate();
      if (server.app.houses.own().building.findRoom(1)!.temperature! < 19) below.push(minute);
    }
    expect(below.length * 5).toBeGreaterThan(60);
    expect(server.app.houses.own().building.findRoom(1)!.temperature!).toBeGreaterThan(20);
    await server.app.alarmsOf(server.app.houses.own()).settled();
    expect(await alarms(server)).toEqual([]);
  });
});
