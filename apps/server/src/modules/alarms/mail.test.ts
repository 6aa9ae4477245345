import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { sqliteSql } from '../../platform/database/sql.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { openDatabase } from '../../platform/database/open.js';
import { importSeed } from '../building/index.js';
import {
  mailFiles,
  startAccountsServer,
  type AccountsServer,
} from '../../test-support/accounts.js';
import { parseMail, startSmtpPeer, type SmtpPeer } from '../../test-support/smtp-peer.js';
import { demoSeed, manualClock } from '../../test-support/test-server.js';
import type { NamedReading } from './service.js';
import { sqliteStore } from '../../platform/database/store.js';

const MINUTE = 60_000;
let server: AccountsServer | undefined;
let smtp: SmtpPeer | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await server?.close();
  await smtp?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  server = undefined;
  smtp = undefined;
});

/** A room whose sensor last reported an hour ago: sensor-silent at once. */
const silentRoom = (roomId: number, now: number): NamedReading => ({
  roomId,
  roomName: `Raum ${roomId}`,
  floorName: 'Etage 1',
  mode: 'Heating',
  temperature: 20,
  target: 21,
  reportedAt: now - 60 * MINUTE,
});

const readMails = (dir: string) =>
  mailFiles(dir)
    .sort()
    .map((name) => parseMail(readFileSync(path.join(dir, name), 'utf8')));

describe('alarm mail storms', () => {
  it('mails the first 5 alarms of 10 minutes singly, the rest in one digest when the window ends', async () => {
    const clock = manualClock('2026-11-23T08:00');
    server = await startAccountsServer({ simSpeed: 1 }, clock.now);
    const start = clock.now();
    for (let i = 0; i < 7; i++) {
      await server.app
        .alarmsOf(server.app.houses.own())
        .evaluate([silentRoom(100 + i, clock.now())], clock.now());
      await server.app.alarmsOf(server.app.houses.own()).deliver();
      clock.advance(MINUTE);
    }
    // Two managers (demo, techniker): five single mails each, the last two alarms wait.
    const singles = readMails(server.mailDir);
    expect(singles).toHaveLength(10);
    expect(singles.map((mail) => mail.subject).sort()).toEqual(
      [100, 100, 101, 101, 102, 102, 103, 103, 104, 104].map(
        (room) => `Alarm: Raum ${room} (Etage 1) Sensor meldet nicht`,
      ),
    );

    clock.set('2026-11-23T08:09');
    await server.app.alarmsOf(server.app.houses.own()).deliver();
    expect(readMails(server.mailDir)).toHaveLength(10);
    // The window of the first alarm ends at 08:10: one digest per manager with both.
    clock.advance(MINUTE);
    expect(clock.now()).toBe(start + 10 * MINUTE);
    await server.app.alarmsOf(server.app.houses.own()).deliver();
    const digests = readMails(server.mailDir).slice(10);
    expect(digests).toHaveLength(2);
    for (const mail of digests) {
      expect(mail.subject).toBe('Raumregler: 2 weitere Alarme');
      expect(mail.text).toContain('Alarm: Raum 105 (Etage 1) Sensor meldet nicht');
      expect(mail.text).toContain('Alarm: Raum 106 (Etage 1) Sensor meldet nicht');
    }
    // Nothing is sent twice.
    clock.advance(30 * MINUTE);
    await server.app.alarmsOf(server.app.houses.own()).deliver();
    expect(readMails(server.mailDir)).toHaveLength(12);
  });
});

describe('a failing mail server and a restart', () => {
  it('never blocks the evaluation, retries with backoff, and after restarts neither loses nor repeats a mail or an alarm', async () => {
    smtp = await startSmtpPeer();
    smtp.refuse = true;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-alarms-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const clock = manualClock('2026-11-23T08:00');
    const config: Config = {
      ...loadConfig({}),
      dataDir,
      databaseFile: path.join(dataDir, 'raumregler.sqlite'),
      webDist: null,
      simSpeed: 1,
      logLevel: 'silent',
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    };
    const start = async (seed: boolean): Promise<FastifyInstance> => {
      const db = openDatabase(config.databaseFile);
      if (seed) await importSeed(sqliteSql(db), demoSeed(), clock.now());
      const app = await buildApp({ config, store: sqliteStore(db), logger: false, now: clock.now });
      await app.ready();
      return app;
    };

    let app = await start(true);
    await app.alarmsOf(app.houses.own()).evaluate([silentRoom(5, clock.now())], clock.now());
    await app.alarmsOf(app.houses.own()).deliver();
    expect(smtp.received).toEqual([]);
    // The evaluation goes on while the mails wait: a second room's alarm is stored too.
    clock.advance(MINUTE);
    await app
      .alarmsOf(app.houses.own())
      .evaluate([silentRoom(5, clock.now()), silentRoom(6, clock.now())], clock.now());
    expect(
      (await app.alarmsOf(app.houses.own()).repo.listOpen()).map((alarm) => alarm.roomId),
    ).toEqual([5, 6]);
    await app.alarmsOf(app.houses.own()).deliver();
    expect(smtp.received).toEqual([]);
    await app.close();

    // The server is back. Room 5's mails failed at 08:00 and again at 08:01 (30 s later was
    // due): they wait 60 s now; room 6's failed once at 08:01 and wait 30 s.
    smtp.refuse = false;
    app = await start(false);
    await app.alarmsOf(app.houses.own()).deliver();
    expect(smtp.received).toEqual([]);
    clock.advance(30_000);
    await app.alarmsOf(app.houses.own()).deliver();
    await smtp.waitFor(2);
    expect(new Set(smtp.received.map((mail) => mail.subject))).toEqual(
      new Set(['Alarm: Raum 6 (Etage 1) Sensor meldet nicht']),
    );
    clock.advance(30_000);
    await app.alarmsOf(app.houses.own()).deliver();
    await smtp.waitFor(4);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([
      'Alarm: Raum 5 (Etage 1) Sensor meldet nicht',
      'Alarm: Raum 5 (Etage 1) Sensor meldet nicht',
      'Alarm: Raum 6 (Etage 1) Sensor meldet nicht',
      'Alarm: Raum 6 (Etage 1) Sensor meldet nicht',
    ]);
    // The same conditions after the restart: still the same open alarms, no new one.
    await app
      .alarmsOf(app.houses.own())
      .evaluate([silentRoom(5, clock.now()), silentRoom(6, clock.now())], clock.now());
    expect(await app.alarmsOf(app.houses.own()).repo.list('all', 0)).toHaveLength(2);
    await app.close();

    // Another restart: the sent mails are recorded, nothing goes out again.
    clock.advance(60 * MINUTE);
    app = await start(false);
    await app.alarmsOf(app.houses.own()).deliver();
    await app.alarmsOf(app.houses.own()).evaluate([silentRoom(5, clock.now())], clock.now());
    await app.alarmsOf(app.houses.own()).deliver();
    expect(
      (await app.alarmsOf(app.houses.own()).repo.listOpen()).map((alarm) => alarm.roomId),
    ).toEqual([5, 6]);
    expect(smtp.received).toHaveLength(4);
    await app.close();
  });
});
