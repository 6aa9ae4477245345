import { describe, expect, it } from 'vitest';
import { apiBaseUrl, deviceIdFromHost, isLocalHost } from './device';

describe('device addressing', () => {
  it('treats localhost and IP addresses as local', () => {
    for (const host of ['localhost', '127.0.0.1', '192.168.178.20', '[::1]'])
      expect(isLocalHost(host)).toBe(true);
    expect(isLocalHost('haus12.raumregler.de')).toBe(false);
  });

  it('takes the first label of the host name as the device id', () => {
    expect(deviceIdFromHost('haus12.raumregler.de')).toBe('haus12');
    expect(deviceIdFromHost('localhost')).toBe('localhost');
  });

  it('uses /api locally and the forwarding template elsewhere', () => {
    expect(apiBaseUrl('localhost', 'https://{device}.relay.example')).toBe('/api');
    expect(apiBaseUrl('haus12.raumregler.de', 'https://{device}.relay.example/')).toBe(
      'https://haus12.relay.example',
    );
    expect(apiBaseUrl('haus12.raumregler.de', null)).toBe('/api');
  });
});
