import type { AlarmList } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_SETTINGS, evaluateDevice, type DeviceWatch } from './rules.js';
import {
  mailFiles,
  startAccountsServer,
  type AccountsServer,
} from '../../test-support/accounts.js';
import { parseMail } from '../../test-support/smtp-peer.js';
import { manualClock } from '../../test-support/test-server.js';

type Fault = 'none' | 'http-500' | 'not-json' | 'outs-404';

/** A device that can stop (its port closed), come back on the same port, or answer badly. */
async function fakeDevice() {
  let fault: Fault = 'none';
  let app: FastifyInstance | null = null;
  let port = 0;
  const start = async () => {
    app = Fastify();
    app.get('/get/json/v1/1/temps/', async (_request, reply) => {
      if (fault === 'http-500') return reply.code(500).send({ error: 'boom' });
      if (fault === 'not-json') return reply.type('text/html').send('<html>Wartung</html>');
      return [
        {
          id: 1,
          etagenname: 'EG',
          raeume: [{ id: 11, name: 'Büro', temperatur: 21, solltemperatur: 21 }],
        },
      ];
    });
    app.get('/get/json/v1/1/outs/', async (_request, reply) => {
      if (fault === 'outs-404') return reply.code(404).send({ error: 'not_found' });
      return [{ id: 1, raeume: [{ id: 11, name: 'Büro', ausgang: { '1': 1 } }] }];
    });
    await app.listen({ port, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  };
  await start();
  return {
    url: () => `http://127.0.0.1:${port}`,
    stop: async () => {
      await app?.close();
      app = null;
    },
    start,
    setFault: (value: Fault) => (fault = value),
  };
}

let device: Awaited<ReturnType<typeof fakeDevice>> | undefined;
let proxy: AccountsServer | undefined;
afterEach(async () => {
  await proxy?.close();
  await device?.stop();
  proxy = device = undefined;
});

const demo: [string, string] = ['demo', 'demo1234'];
const MINUTE = 60_000;

describe('the device-offline rule (pure)', () => {
  it('opens after the minutes counted from the first failed poll, once, and clears at the first answer', () => {
    const watch: DeviceWatch = { failingSince: null, openId: null };
    const settings = { deviceMinutes: 0.1 };
    expect(evaluateDevice(watch, true, 0, settings)).toBeNull();
    expect(evaluateDevice(watch, false, 1000, settings)).toBeNull();
    expect(evaluateDevice(watch, false, 6999, settings)).toBeNull();
    expect(evaluateDevice(watch, false, 7000, settings)).toEqual({ type: 'open', since: 1000 });
    watch.openId = 9;
    expect(evaluateDevice(watch, false, 60_000, settings)).toBeNull();
    expect(evaluateDevice(watch, true, 61_000, settings)).toEqual({ type: 'clear', alarmId: 9 });
    expect(evaluateDevice(watch, true, 62_000, settings)).toBeNull();
    // A new outage counts from its own first failure.
    expect(evaluateDevice(watch, false, 63_000, settings)).toBeNull();
    expect(evaluateDevice(watch, false, 68_999, settings)).toBeNull();
  });
});

describe('device-offline in proxy mode (issue 32)', () => {
  const start = async () => {
    device = await fakeDevice();
    const clock = manualClock('2026-11-23T10:00');
    proxy = await startAccountsServer(
      {
        upstreamUrl: device.url(),
        upstreamUser: 'reader',
        upstreamPassword: 'read-only',
        alarms: { ...DEFAULT_ALARM_SETTINGS, mailTo: ['haus@example.com'] },
      },
      clock.now,
    );
    return clock;
  };
  const alarms = async (state = 'open') => {
    const response = await proxy!.request(`/api/alarms/?state=${state}`, { auth: demo });
    expect(response.status).toBe(200);
    return ((await response.json()) as AlarmList).alarms;
  };

  it('raises one alarm after ALARM_DEVICE_MINUTES without an answer, mails it, keeps our endpoints answering, and clears it when the device is back', async () => {
    const clock = await start();
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    clock.advance(MINUTE);
    await device!.stop();
    // 10:01: the first poll without an answer; the alarm is due five minutes later.
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    clock.advance(4 * MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    clock.advance(MINUTE - 1000);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect(await alarms()).toEqual([]);
    clock.advance(1000);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    const [alarm, ...more] = await alarms();
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({
      kind: 'device-offline',
      room: null,
      room_name: null,
      floor: null,
      since: '2026-11-23T10:01:00+01:00',
      state: 'active',
      value: null,
      target: null,
    });
    // Still away: still the one alarm.
    clock.advance(10 * MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect((await alarms()).map((each) => each.id)).toEqual([alarm!.id]);

    // Mailed like the others: our managers with an address, and ALARM_MAIL_TO.
    await proxy!.app.alarmsOf(proxy!.app.houses.own()).deliver();
    const mails = mailFiles(proxy!.mailDir).map((name) => {
      const raw = readFileSync(path.join(proxy!.mailDir, name), 'utf8');
      return { to: /^To: (.*)$/m.exec(raw)?.[1], ...parseMail(raw) };
    });
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'demo@example.com',
      'haus@example.com',
      'techniker@example.com',
    ]);
    const german = mails.find((mail) => mail.to === 'haus@example.com')!;
    expect(german.subject).toBe('Alarm: Regler nicht erreichbar');
    expect(german.text).toContain('Seit: 23.11.2026 10:01');
    expect(german.text).toMatch(/Alarme öffnen: http:\/\/localhost:\d+\/re\/home\/alarms/);
    expect(german.text).not.toContain('null');

    // Our own endpoints answer while the device is away: the users are ours.
    for (const each of ['/api/alarms/?state=all', '/api/audit/', '/api/history/11/']) {
      expect((await proxy!.request(each, { auth: demo })).status, each).toBe(200);
    }
    expect((await proxy!.request('/api/user', { auth: demo })).status).toBe(200);

    await device!.start();
    clock.advance(MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect(await alarms()).toEqual([]);
    const [cleared] = await alarms('all');
    expect(cleared).toMatchObject({
      id: alarm!.id,
      state: 'cleared',
      cleared_at: '2026-11-23T10:17:00+01:00',
    });
  });

  it('clears the alarm before the answer of a forwarded read that finds the device back, not at the next poll', async () => {
    const clock = await start();
    await device!.stop();
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    clock.advance(6 * MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect((await alarms()).map((each) => each.kind)).toEqual(['device-offline']);

    // Back: the app's first read through our server already finds the alarm cleared, so the
    // Alarme page it reloads at that moment is not stale until the next poll.
    await device!.start();
    clock.advance(1000);
    const read = await proxy!.request('/api/get/json/v1/1/temps/', { auth: demo });
    expect(read.status).toBe(200);
    expect(await alarms()).toEqual([]);
  });

  it('counts an error status and an answer that is no JSON as no answer', async () => {
    for (const fault of ['http-500', 'not-json'] as const) {
      const clock = await start();
      const outcomes: boolean[] = [];
      proxy!.app.upstreamOf(proxy!.app.houses.own()).onOutcome((useful) => outcomes.push(useful));
      await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
      device!.setFault(fault);
      await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
      clock.advance(5 * MINUTE);
      await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
      expect(outcomes, fault).toEqual([true, false, false]);
      expect(
        (await alarms()).map((alarm) => alarm.kind),
        fault,
      ).toEqual(['device-offline']);
      await proxy!.close();
      await device!.stop();
    }
  });

  // A device without outputs (no relay gateway) answers temps/ but not outs/: it is there, its
  // valves are just unknown.
  it('takes a device whose outs/ fails for one that answers, with no valves', async () => {
    const clock = await start();
    const outcomes: boolean[] = [];
    proxy!.app.upstreamOf(proxy!.app.houses.own()).onOutcome((useful) => outcomes.push(useful));
    device!.setFault('outs-404');
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    clock.advance(5 * MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect(outcomes).toEqual([true, true]);
    expect(await alarms()).toEqual([]);
  });

  it('holds one open device-offline alarm at a time, also in the database', async () => {
    const clock = await start();
    await device!.stop();
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    clock.advance(5 * MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect(await alarms()).toHaveLength(1);
    clock.advance(5 * MINUTE);
    await proxy!.app.upstreamOf(proxy!.app.houses.own()).poll();
    expect(await alarms()).toHaveLength(1);
    // A second open finds the first (another evaluation's, stored meanwhile): no second row.
    const [first] = await alarms();
    const again = await proxy!.app.commit((tx) =>
      proxy!.app.alarmsOf(proxy!.app.houses.own()).repo.open(
        tx,
        {
          roomId: null,
          roomName: null,
          floorName: null,
          floorId: null,
          kind: 'device-offline',
          device: null,
          deviceKind: null,
          since: clock.now(),
          openedAt: clock.now(),
          value: null,
          target: null,
        },
        [],
      ),
    );
    expect(again).toEqual({ id: first!.id, opened: false });
    expect(await alarms()).toHaveLength(1);
  });
});
