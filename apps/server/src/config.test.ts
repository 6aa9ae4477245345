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
    });
  });

  it('reads the new settings', () => {
    expect(
      loadConfig({
        TIME_ZONE: 'America/New_York',
        ANONYMOUS_READ: 'true',
        DEVICE_URL_TEMPLATE: 'https://{device}.relay.example.com',
        UPSTREAM_URL: 'http://192.168.1.20/',
        AUTH_FAILURE_LIMIT: '5',
        AUTH_FAILURE_WINDOW_SECONDS: '60',
      }),
    ).toMatchObject({
      timeZone: 'America/New_York',
      anonymousRead: true,
      deviceUrlTemplate: 'https://{device}.relay.example.com',
      upstreamUrl: 'http://192.168.1.20',
      authFailureLimit: 5,
      authFailureWindowMs: 60_000,
    });
  });

  it('refuses bad values with a message naming the setting', () => {
    for (const [name, value] of [
      ['TIME_ZONE', 'Mars/Olympus'],
      ['ANONYMOUS_READ', 'yes please'],
      ['DEVICE_URL_TEMPLATE', 'https://relay.example.com'],
      ['UPSTREAM_URL', 'ftp://device'],
      ['SIM_SPEED', '-1'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
