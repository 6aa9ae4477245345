import path from 'node:path';
import { isValidTimeZone } from './platform/clock/local-time.js';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ALARM_SETTINGS, type AlarmSettings } from './modules/alarms/rules.js';

/** Every setting of the server, read once from the environment, with its default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file; `:memory:` for tests that need no disk. */
  databaseFile: string;
  /**
   * DATABASE_URL (issue 37): postgres://user:pass@host:5432/db selects PostgreSQL; null = the
   * SQLite file. Never logged: it may hold a password.
   */
  databaseUrl: string | null;
  /** JSON seed applied when the database is empty; null = the built-in demo building. */
  seedFile: string | null;
  /** 1 = real time, 0 = frozen temperatures, 60 = one simulated minute per second. */
  simSpeed: number;
  houseId: number;
  /** Folder of the built web app; null when the app is not served (API only). */
  webDist: string | null;
  logLevel: string;
  /** The device's local time zone: schedules, next_due_time, mode_end_datetime. */
  timeZone: string;
  /** Let old tools read info/temps/rooms/outs without credentials. */
  anonymousRead: boolean;
  /** The web app's per-device forwarding host, with a `{device}` placeholder; null = same origin. */
  deviceUrlTemplate: string | null;
  /**
   * How the simulated device API answers: `clean` (the contract's shapes) or `controme` (the
   * shapes real Controme Mini-Servers give, docs/device-api.md "Real devices").
   */
  deviceProfile: DeviceProfile;
  /** Base URL of a real device: the device API is forwarded there instead of simulated. */
  upstreamUrl: string | null;
  /** Failed sign-ins from one client within the window before it is answered 429. */
  authFailureLimit: number;
  authFailureWindowMs: number;
  /** Trust X-Forwarded-For from a reverse proxy, so rate limits see the real client. */
  trustProxy: boolean;
  // Accounts and reset mail (modules/accounts, platform/mail).
  /** smtp(s)://user:pass@host:port; null = reset mails are written as .eml into DATA_DIR/mail. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin the reset links point at; null = http://localhost:<the port the server listens on>. */
  publicUrl: string | null;
  allowRegistration: boolean;
  /**
   * TOKEN_SECRET: the key of the access tokens' keyed hash (HMAC-SHA-256, decision 0080); null =
   * a random key kept in DATA_DIR/token-secret. Never logged.
   */
  tokenSecret: string | null;
  // Temperature history (modules/history, issue 14).
  /** Seconds between two recorded samples of every room. */
  historyIntervalSeconds: number;
  /** Days raw samples are kept; older history remains as 15-minute means. */
  historyRawDays: number;
  /** Days the 15-minute means are kept. */
  historyDays: number;
  /** Days the simulation fills in on first start with an empty history; 0 = none. */
  historyBackfillDays: number;
  /**
   * Proxy mode's one account on the UPSTREAM_URL device (required there): every forwarded
   * request and the poll of its temps use it; writes need write access on the device.
   */
  upstreamUser: string | null;
  upstreamPassword: string | null;
  // Alarms (modules/alarms).
  alarms: AlarmConfig;
  /** MQTT (modules/mqtt, issue 36); null without MQTT_URL. */
  mqtt: MqttConfig | null;
}

/** MQTT_URL and what goes with it (issue 36, docs/mqtt.md). */
export interface MqttConfig {
  /** mqtt(s)://[user:pass@]host[:port]; carries a password: never log it (redactMqttUrl). */
  url: string;
  /** zigbee2mqtt's base topic; null (Z2M_BASE_TOPIC set empty) = MQTT serves Home Assistant only. */
  z2mBaseTopic: string | null;
  haDiscovery: boolean;
  haDiscoveryPrefix: string;
  /** The user whose rights apply to commands from Home Assistant; null = Home Assistant only reads. */
  haUser: string | null;
}

/** The alarm rules' thresholds (ALARM_*) and extra mail recipients. */
export interface AlarmConfig extends AlarmSettings {
  /** ALARM_MAIL_TO, comma-separated: recipients besides the users with the manage capability. */
  mailTo: string[];
}

export const DEVICE_PROFILES = ['clean', 'controme'] as const;
export type DeviceProfile = (typeof DEVICE_PROFILES)[number];

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function decimal(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, check?: (url: string) => boolean) {
  const raw = env[name];
  if (!raw) return null;
  let ok: boolean;
  try {
    ok = /^https?:$/.test(new URL(raw.replace('{device}', 'device')).protocol);
  } catch {
    ok = false;
  }
  if (!ok || (check && !check(raw))) {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function deviceProfile(env: NodeJS.ProcessEnv): DeviceProfile {
  const raw = env.DEVICE_PROFILE || 'clean';
  if (!(DEVICE_PROFILES as readonly string[]).includes(raw)) {
    throw new ConfigError(`DEVICE_PROFILE must be clean or controme, got "${raw}"`);
  }
  return raw as DeviceProfile;
}

function timeZone(env: NodeJS.ProcessEnv): string {
  const raw = env.TIME_ZONE || 'Europe/Berlin';
  if (!isValidTimeZone(raw)) {
    throw new ConfigError(
      `TIME_ZONE must be an IANA time zone such as Europe/Berlin, got "${raw}"`,
    );
  }
  return raw;
}

/** DATABASE_URL: a PostgreSQL URL or nothing; the value is never echoed (it may hold a password). */
function databaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.DATABASE_URL ?? '';
  if (raw === '') return null;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (
    !url ||
    !/^postgres(ql)?:$/.test(url.protocol) ||
    url.hostname === '' ||
    url.pathname.length < 2
  ) {
    throw new ConfigError(
      'DATABASE_URL must be postgres://[user:password@]host[:port]/database (the value is not shown: it may hold a password)',
    );
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseFile: env.DATABASE_FILE || path.join(dataDir, 'raumregler.sqlite'),
    databaseUrl: databaseUrl(env),
    seedFile: env.SEED_FILE ? path.resolve(env.SEED_FILE) : null,
    simSpeed: decimal(env, 'SIM_SPEED', 1, 0, 10_000),
    houseId: integer(env, 'HOUSE_ID', 1, 1, 1_000_000),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST || defaultWebDist),
    logLevel: env.LOG_LEVEL || 'info',
    timeZone: timeZone(env),
    anonymousRead: flag(env, 'ANONYMOUS_READ'),
    deviceUrlTemplate: httpUrl(env, 'DEVICE_URL_TEMPLATE', (url) => url.includes('{device}')),
    deviceProfile: deviceProfile(env),
    ...proxySettings(env),
    authFailureLimit: integer(env, 'AUTH_FAILURE_LIMIT', 10, 1, 10_000),
    authFailureWindowMs: integer(env, 'AUTH_FAILURE_WINDOW_SECONDS', 300, 1, 86_400) * 1000,
    trustProxy: flag(env, 'TRUST_PROXY'),
    ...accountSettings(env),
    ...historySettings(env),
    alarms: alarmSettings(env),
    mqtt: mqttSettings(env),
  };
}

// Temperature history (modules/history) and the upstream poller (modules/proxy/upstream.ts).
function historySettings(env: NodeJS.ProcessEnv) {
  const historyRawDays = integer(env, 'HISTORY_RAW_DAYS', 14, 1, 3_650);
  const historyDays = integer(env, 'HISTORY_DAYS', 400, 1, 36_500);
  if (historyDays < historyRawDays) {
    throw new ConfigError(
      `HISTORY_DAYS (${historyDays}) must be at least HISTORY_RAW_DAYS (${historyRawDays})`,
    );
  }
  return {
    historyIntervalSeconds: integer(env, 'HISTORY_INTERVAL_SECONDS', 60, 10, 3_600),
    historyRawDays,
    historyDays,
    historyBackfillDays: integer(env, 'HISTORY_BACKFILL_DAYS', 7, 0, 366),
  };
}

// Proxy mode (modules/proxy): the device and our one account on it.
function proxySettings(env: NodeJS.ProcessEnv) {
  const upstreamUrl = httpUrl(env, 'UPSTREAM_URL');
  const upstreamUser = env.UPSTREAM_USER || null;
  const upstreamPassword = env.UPSTREAM_PASSWORD || null;
  // Our users sign in here; the server reaches the device with this one account. The values
  // are never echoed: the password must not reach a log.
  if (upstreamUrl && (!upstreamUser || !upstreamPassword)) {
    throw new ConfigError(
      'UPSTREAM_URL (proxy mode) needs UPSTREAM_USER and UPSTREAM_PASSWORD: the account this ' +
        'server uses on the device (with write access on the device for writes)',
    );
  }
  return { upstreamUrl, upstreamUser, upstreamPassword };
}

// Accounts and reset mail (modules/accounts, platform/mail).
function accountSettings(env: NodeJS.ProcessEnv) {
  // The URL itself is not echoed: it may carry the SMTP password.
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  return {
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Raumregler <no-reply@localhost>',
    publicUrl: httpUrl(env, 'PUBLIC_URL'),
    allowRegistration: flag(env, 'ALLOW_REGISTRATION'),
    tokenSecret: tokenSecret(env),
  };
}

/** TOKEN_SECRET: at least 32 characters (the value is never echoed). */
function tokenSecret(env: NodeJS.ProcessEnv): string | null {
  const raw = env.TOKEN_SECRET;
  if (!raw) return null;
  if (raw.length < 32) {
    throw new ConfigError(
      'TOKEN_SECRET must have at least 32 characters (e.g. `openssl rand -base64 32`)',
    );
  }
  return raw;
}

// Alarms (modules/alarms).
function alarmSettings(env: NodeJS.ProcessEnv): AlarmConfig {
  const d = DEFAULT_ALARM_SETTINGS;
  const week = 7 * 24 * 60;
  const mailTo = (env.ALARM_MAIL_TO ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const bad = mailTo.find((address) => !/^[^\s@,]+@[^\s@,]+$/.test(address));
  if (bad !== undefined) {
    throw new ConfigError(`ALARM_MAIL_TO must be comma-separated e-mail addresses, got "${bad}"`);
  }
  return {
    coldKelvin: decimal(env, 'ALARM_COLD_KELVIN', d.coldKelvin, 0.1, 30),
    coldMinutes: integer(env, 'ALARM_COLD_MINUTES', d.coldMinutes, 1, week),
    warmKelvin: decimal(env, 'ALARM_WARM_KELVIN', d.warmKelvin, 0.1, 30),
    warmMinutes: integer(env, 'ALARM_WARM_MINUTES', d.warmMinutes, 1, week),
    silentMinutes: integer(env, 'ALARM_SILENT_MINUTES', d.silentMinutes, 1, week),
    clearMinutes: integer(env, 'ALARM_CLEAR_MINUTES', d.clearMinutes, 1, week),
    deviceMinutes: decimal(env, 'ALARM_DEVICE_MINUTES', d.deviceMinutes, 0.1, week),
    mailTo,
  };
}

/** An MQTT topic level path: no wildcards, no empty levels, no leading or trailing slash. */
function topicPath(env: NodeJS.ProcessEnv, name: string, fallback: string, emptyAllowed: boolean) {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (raw === '' && emptyAllowed) return '';
  if (
    raw === '' ||
    raw.length > 200 ||
    /[#+]/.test(raw) ||
    raw.includes('\u0000') ||
    raw.split('/').some((level) => level === '')
  ) {
    throw new ConfigError(
      `${name} must be an MQTT topic such as ${fallback} (no + or #, no empty levels), got "${raw.slice(0, 200)}"`,
    );
  }
  return raw;
}

// MQTT (modules/mqtt, issue 36): zigbee2mqtt and Home Assistant.
function mqttSettings(env: NodeJS.ProcessEnv): MqttConfig | null {
  const raw = env.MQTT_URL ?? '';
  if (raw === '') {
    const stray = ['Z2M_BASE_TOPIC', 'HA_DISCOVERY', 'HA_DISCOVERY_PREFIX', 'HA_USER'].find(
      (name) => (env[name] ?? '') !== '',
    );
    if (stray)
      throw new ConfigError(`${stray} needs MQTT_URL (the broker, mqtt://user:pass@host:1883)`);
    return null;
  }
  // The URL itself is never echoed: it may carry the broker's password.
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !/^mqtts?:$/.test(url.protocol) || url.hostname === '') {
    throw new ConfigError(
      'MQTT_URL must be mqtt://[user:password@]host[:port] or mqtts://… (the value is not shown: it may hold a password)',
    );
  }
  const haDiscovery =
    env.HA_DISCOVERY === undefined || env.HA_DISCOVERY === '' ? true : flag(env, 'HA_DISCOVERY');
  const haUser = env.HA_USER ?? '';
  if (haUser.length > 100)
    throw new ConfigError('HA_USER must be a username of at most 100 characters');
  const base = topicPath(env, 'Z2M_BASE_TOPIC', 'zigbee2mqtt', true);
  return {
    url: raw,
    z2mBaseTopic: base === '' ? null : base,
    haDiscovery,
    haDiscoveryPrefix: topicPath(env, 'HA_DISCOVERY_PREFIX', 'homeassistant', false),
    haUser: haUser === '' ? null : haUser,
  };
}
