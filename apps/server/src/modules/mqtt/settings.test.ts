import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { redactMqttUrl } from './connection.js';

describe('the MQTT settings', () => {
  it('are off without MQTT_URL', () => {
    expect(loadConfig({}).mqtt).toBeNull();
  });

  it('default to zigbee2mqtt, discovery on under homeassistant, no HA user', () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://u:p@broker:1883' }).mqtt).toEqual({
      url: 'mqtt://u:p@broker:1883',
      z2mBaseTopic: 'zigbee2mqtt',
      haDiscovery: true,
      haDiscoveryPrefix: 'homeassistant',
      haUser: null,
    });
  });

  it('read every setting; Z2M_BASE_TOPIC set empty means Home Assistant only', () => {
    expect(
      loadConfig({
        MQTT_URL: 'mqtts://broker.example.com',
        Z2M_BASE_TOPIC: '',
        HA_DISCOVERY: 'false',
        HA_DISCOVERY_PREFIX: 'ha/discovery',
        HA_USER: 'hausmeister',
      }).mqtt,
    ).toEqual({
      url: 'mqtts://broker.example.com',
      z2mBaseTopic: null,
      haDiscovery: false,
      haDiscoveryPrefix: 'ha/discovery',
      haUser: 'hausmeister',
    });
    expect(
      loadConfig({ MQTT_URL: 'mqtt://b', Z2M_BASE_TOPIC: 'site/z2m' }).mqtt?.z2mBaseTopic,
    ).toBe('site/z2m');
  });

  it('refuse a bad URL without echoing it (it may hold the password)', () => {
    for (const url of ['http://u:secret@host', 'mqtt//u:secret@host', 'mqtt://u:secret@']) {
      let message = '';
      try {
        loadConfig({ MQTT_URL: url });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/^MQTT_URL must be mqtt:\/\//);
      expect(message).not.toContain('secret');
    }
  });

  it('refuse wildcards and empty levels in topics, and settings without MQTT_URL', () => {
    const url = 'mqtt://broker';
    expect(() => loadConfig({ MQTT_URL: url, Z2M_BASE_TOPIC: 'z2m/#' })).toThrow(
      /^Z2M_BASE_TOPIC must be/,
    );
    expect(() => loadConfig({ MQTT_URL: url, Z2M_BASE_TOPIC: '/z2m' })).toThrow(/^Z2M_BASE_TOPIC/);
    expect(() => loadConfig({ MQTT_URL: url, HA_DISCOVERY_PREFIX: '' })).toThrow(
      /^HA_DISCOVERY_PREFIX/,
    );
    expect(() => loadConfig({ MQTT_URL: url, HA_DISCOVERY: 'yes' })).toThrow(
      /^HA_DISCOVERY must be true or false/,
    );
    expect(() => loadConfig({ HA_USER: 'x' })).toThrow('HA_USER needs MQTT_URL');
    expect(() => loadConfig({ Z2M_BASE_TOPIC: 'z' })).toThrow('Z2M_BASE_TOPIC needs MQTT_URL');
  });

  it('log the URL with the password hidden', () => {
    expect(redactMqttUrl('mqtt://raumregler:g%40heim@broker:1883')).toBe(
      'mqtt://raumregler:***@broker:1883',
    );
    expect(redactMqttUrl('mqtts://broker')).toBe('mqtts://broker');
  });
});
