import type { AlarmList } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { DEFAULT_ALARM_SETTINGS } from './rules.js';
import { parseBasicAuth } from '../../platform/auth/plugin.js';
import {
  mailFiles,
  startAccountsServer,
  type AccountsServer,
} from '../../test-support/accounts.js';
import { parseMail } from '../../test-support/smtp-peer.js';
import { manualClock } from '../../test-support/test-server.js';

/** A device whose office stays at 15 °C with its heating on (a dead boiler). */
async function fakeDevice() {
  const app: FastifyInstance = Fastify();
  // Only the device account: our users are not known at the device.
  const users: Record<string, [string, string]> = {
    reader: ['read-only', 'read'],
  };
  const userOf = (header: string | undefined) => {
    const credentials = parseBasicAuth(header);
    const user = credentials && users[credentials.username];
    return user && user[0] === credentials.password ? user : null;
  };
  app.get('/get/json/v1/1/permissions/', async (request, reply) => {
    const user = userOf(request.headers.authorization);
    if (!user) return reply.code(401).send({ error: 'unauthorized' });
    return { access_to_smart: user[1], access_to_pro: 'no-access' };
  });
  let reportedAt = '23.11.2026 10:00';
  app.get('/get/json/v1/1/temps/', async (request, reply) => {
    if (!userOf(request.headers.authorization)) return reply.code(401).send({});
    return [
      {
        id: 1,
        etagenname: 'EG',
        raeume: [
          {
            id: 11,
            name: 'Büro',
            temperatur: 15,
            solltemperatur: 21,
            betriebsart: 'Heating',
            sensoren: [
              {
                name: '28-1',
                beschreibung: 'Raumfühler',
                wert: 15,
                letzte_uebertragung: reportedAt,
                raumtemperatursensor: true,
              },
            ],
          },
          {
            id: 12,
            name: 'Flur',
            temperatur: null,
            solltemperatur: 18,
            betriebsart: 'Heating',
            sensoren: [],
          },
          {
            id: 13,
            name: 'Lager',
            temperatur: 8,
            solltemperatur: 18,
            betriebsart: 'Off',
            sensoren: [],
          },
        ],
      },
    ];
  });
  // The poll asks outs/ too: only both answers together count as the device answering.
  app.get('/get/json/v1/1/outs/', async () => [{ id: 1, raeume: [] }]);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, setReportedAt: (value: string) => (reportedAt = value) };
}

let device: Awaited<ReturnType<typeof fakeDevice>> | undefined;
let proxy: AccountsServer | undefined;
afterEach(async () => {
  await proxy?.close();
  await device?.app.close();
});

describe('alarms in proxy mode', () => {
  it('evaluates the polled device in real time and mails our managers and ALARM_MAIL_TO; the CLI sim is refused', async () => {
    device = await fakeDevice();
    const clock = manualClock('2026-11-23T10:00');
    proxy = await startAccountsServer(
      {
        upstreamUrl: device.url,
        upstreamUser: 'reader',
        upstreamPassword: 'read-only',
        // The simulation's speed does not count in proxy mode: real time.
        simSpeed: 60,
        // An extra list beside our users; an address one of them has gets one mail.
        alarms: { ...DEFAULT_ALARM_SETTINGS, mailTo: ['haus@example.com', 'Demo@example.com'] },
      },
      clock.now,
    );
    for (let minute = 0; minute < 60; minute += 5) {
      device.setReportedAt(`23.11.2026 10:${String(minute).padStart(2, '0')}`);
      await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
      clock.advance(5 * 60_000);
    }
    const list = async () =>
      (
        (await (
          await proxy!.request('/api/alarms/?state=open', { auth: ['demo', 'demo1234'] })
        ).json()) as AlarmList
      ).alarms;
    expect(await list()).toEqual([]);
    device.setReportedAt('23.11.2026 11:00');
    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    expect(await list()).toEqual([
      expect.objectContaining({
        room: 11,
        room_name: 'Büro',
        floor: 'EG',
        kind: 'too-cold',
        since: '2026-11-23T10:00:00+01:00',
        value: 15,
        target: 21,
      }),
    ]);
    await proxy.app.alarmsOf(proxy.app.houses.own()).deliver();
    const mails = mailFiles(proxy.mailDir).map((name) =>
      readFileSync(path.join(proxy!.mailDir, name), 'utf8'),
    );
    // Our users with the manage capability (demo: full; techniker: full in pro), not verwalter
    // (permanent) nor bewohner (read); then the extra address.
    expect(mails.map((raw) => /^To: (.*)$/m.exec(raw)?.[1]).sort()).toEqual([
      'demo@example.com',
      'haus@example.com',
      'techniker@example.com',
    ]);
    expect(parseMail(mails[0]!).subject).toBe('Alarm: Büro (EG) zu kalt');

    // The sensor stops reporting: silent 30 minutes (real time) after its last reading.
    for (let i = 0; i < 6; i++) {
      clock.advance(5 * 60_000);
      await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    }
    expect((await list()).map((alarm) => alarm.kind).sort()).toEqual(['sensor-silent', 'too-cold']);

    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(
      await runCli(['sim', 'window', '11', 'open'], proxy.app.store, io, clock.now, {
        proxy: true,
      }),
    ).toBe(1);
    expect(lines.join('\n')).toContain('proxy mode');
  });
});
