import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for every setting', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      simSpeed: 1,
      houseId: 1,
      timeZone: 'Europe/Berlin',
      anonymousRead: false,
      deviceUrlTemplate: null,
      upstreamUrl: null,
      authFailureLimit: 10,
      authFailureWindowMs: 300_000,
      trustProxy: false,
      deviceProfile: 'clean',
    });
  });

  it('reads the new settings', () => {
    expect(
      loadConfig({
        TIME_ZONE: 'America/New_York',
        ANONYMOUS_READ: 'true',
        DEVICE_URL_TEMPLATE: 'https://{device}.relay.example.com',
        UPSTREAM_URL: 'http://192.168.1.20/',
        UPSTREAM_USER: 'raumregler',
        UPSTREAM_PASSWORD: 'geraet-geheim',
        AUTH_FAILURE_LIMIT: '5',
        AUTH_FAILURE_WINDOW_SECONDS: '60',
        DEVICE_PROFILE: 'controme',
      }),
    ).toMatchObject({
      timeZone: 'America/New_York',
      anonymousRead: true,
      deviceUrlTemplate: 'https://{device}.relay.example.com',
      upstreamUrl: 'http://192.168.1.20',
      upstreamUser: 'raumregler',
      upstreamPassword: 'geraet-geheim',
      authFailureLimit: 5,
      authFailureWindowMs: 60_000,
      deviceProfile: 'controme',
    });
  });

  it('refuses bad values with a message naming the setting', () => {
    for (const [name, value] of [
      ['TIME_ZONE', 'Mars/Olympus'],
      ['ANONYMOUS_READ', 'yes please'],
      ['DEVICE_URL_TEMPLATE', 'https://relay.example.com'],
      ['UPSTREAM_URL', 'ftp://device'],
      ['SIM_SPEED', '-1'],
      ['DEVICE_PROFILE', 'Controme'],
      ['DEVICE_PROFILE', 'real'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});

describe('proxy mode settings', () => {
  it('refuses UPSTREAM_URL without the device account, naming both variables', () => {
    for (const env of [
      { UPSTREAM_URL: 'http://192.168.1.20' },
      { UPSTREAM_URL: 'http://192.168.1.20', UPSTREAM_USER: 'raumregler' },
      { UPSTREAM_URL: 'http://192.168.1.20', UPSTREAM_PASSWORD: 'geraet-geheim' },
      { UPSTREAM_URL: 'http://192.168.1.20', UPSTREAM_USER: '', UPSTREAM_PASSWORD: 'x' },
    ]) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('UPSTREAM_URL');
      expect(message).toContain('UPSTREAM_USER');
      expect(message).toContain('UPSTREAM_PASSWORD');
      // The values are never echoed: the password must not reach a log.
      expect(message).not.toMatch(/raumregler|geraet-geheim/);
    }
  });

  it('needs no device account without UPSTREAM_URL', () => {
    expect(loadConfig({ UPSTREAM_USER: 'raumregler' })).toMatchObject({
      upstreamUrl: null,
      upstreamUser: 'raumregler',
      upstreamPassword: null,
    });
  });
});

describe('alarm settings', () => {
  it('default to the issue’s thresholds and read ALARM_* and ALARM_MAIL_TO', () => {
    expect(loadConfig({}).alarms).toEqual({
      coldKelvin: 2,
      coldMinutes: 60,
      warmKelvin: 2,
      warmMinutes: 60,
      silentMinutes: 30,
      clearMinutes: 10,
      deviceMinutes: 5,
      mailTo: [],
    });
    expect(
      loadConfig({
        ALARM_COLD_KELVIN: '1.5',
        ALARM_COLD_MINUTES: '30',
        ALARM_WARM_KELVIN: '3',
        ALARM_WARM_MINUTES: '45',
        ALARM_SILENT_MINUTES: '20',
        ALARM_CLEAR_MINUTES: '5',
        ALARM_DEVICE_MINUTES: '0.1',
        ALARM_MAIL_TO: ' haus@example.com, technik@example.com ,',
      }).alarms,
    ).toEqual({
      coldKelvin: 1.5,
      coldMinutes: 30,
      warmKelvin: 3,
      warmMinutes: 45,
      silentMinutes: 20,
      clearMinutes: 5,
      deviceMinutes: 0.1,
      mailTo: ['haus@example.com', 'technik@example.com'],
    });
  });

  it('refuses bad values naming the setting', () => {
    for (const [name, value] of [
      ['ALARM_COLD_KELVIN', 'zwei'],
      ['ALARM_COLD_MINUTES', '0'],
      ['ALARM_WARM_KELVIN', '-1'],
      ['ALARM_WARM_MINUTES', '1.5'],
      ['ALARM_SILENT_MINUTES', ''.padEnd(3, '9') + '999'],
      ['ALARM_CLEAR_MINUTES', 'x'],
      ['ALARM_DEVICE_MINUTES', '0.05'],
      ['ALARM_DEVICE_MINUTES', 'fünf'],
      ['ALARM_MAIL_TO', 'haus@example.com, kein-mail'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(name);
    }
  });
});

describe('history settings (issue 14)', () => {
  it('default to a sample a minute, 14 raw days, 400 days of means, 7 backfilled days', () => {
    expect(loadConfig({})).toMatchObject({
      historyIntervalSeconds: 60,
      historyRawDays: 14,
      historyDays: 400,
      historyBackfillDays: 7,
      upstreamUser: null,
      upstreamPassword: null,
    });
    expect(
      loadConfig({
        HISTORY_INTERVAL_SECONDS: '30',
        HISTORY_RAW_DAYS: '7',
        HISTORY_DAYS: '30',
        HISTORY_BACKFILL_DAYS: '0',
        UPSTREAM_USER: 'reader',
        UPSTREAM_PASSWORD: 'secret',
      }),
    ).toMatchObject({
      historyIntervalSeconds: 30,
      historyRawDays: 7,
      historyDays: 30,
      historyBackfillDays: 0,
      upstreamUser: 'reader',
      upstreamPassword: 'secret',
    });
  });

  it('refuses bad values, and fewer days of means than raw days, naming the setting', () => {
    for (const [env, name] of [
      [{ HISTORY_INTERVAL_SECONDS: '0' }, 'HISTORY_INTERVAL_SECONDS'],
      [{ HISTORY_RAW_DAYS: 'two' }, 'HISTORY_RAW_DAYS'],
      [{ HISTORY_BACKFILL_DAYS: '-1' }, 'HISTORY_BACKFILL_DAYS'],
      [{ HISTORY_DAYS: '10', HISTORY_RAW_DAYS: '14' }, 'HISTORY_DAYS'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    }
  });
});

describe('DATABASE_URL (issue 37)', () => {
  it('selects PostgreSQL with a postgres:// URL, and SQLite without one', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeNull();
    const url = 'postgres://raumregler:s3cret@db.example.com:5432/heizung';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/heizung' }).databaseUrl).toBe(
      'postgresql://db/heizung',
    );
  });

  it('refuses another URL without showing it (it may hold a password)', () => {
    for (const bad of [
      'mysql://root:s3cret@db/heizung',
      'postgres://root:s3cret@db',
      'not a url s3cret',
    ]) {
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(
        /DATABASE_URL must be postgres:\/\/\[user:password@\]host\[:port\]\/database/,
      );
      expect(() => loadConfig({ DATABASE_URL: bad })).not.toThrow(/s3cret/);
    }
  });
});
