import { describe, expect, it } from 'vitest';
import {
  AQARA_WSDCGQ11LM,
  BOSCH_BTH_RA,
  BOSCH_BTH_RM230Z,
  bridgeEntry,
  COORDINATOR_ENTRY,
  DANFOSS_ALLY,
  SONOFF_TRVZB,
  TUYA_TS0601_TRV,
  type DeviceModel,
} from '../../test-support/zigbee2mqtt-devices.js';
import {
  availabilityOf,
  deviceFromBridge,
  devicesFromBridge,
  deviceSetpoint,
  MAINS_SILENCE_MS,
  parseAvailability,
  roomValues,
  type DeviceReport,
} from './rules.js';

const device = (name: string, model: DeviceModel) => deviceFromBridge(bridgeEntry(name, model, 0))!;

function report(
  name: string,
  model: DeviceModel,
  state: Record<string, unknown>,
  extra: Partial<DeviceReport> = {},
): DeviceReport {
  return { device: device(name, model), state, lastReportAt: 0, availability: 'online', ...extra };
}

describe('a device from bridge/devices', () => {
  it('reads each thermostat’s setpoint property, range and step from its climate expose', () => {
    expect(device('a', DANFOSS_ALLY).setpoint).toEqual({
      property: 'occupied_heating_setpoint',
      min: 5,
      max: 35,
      step: 0.5,
    });
    expect(device('b', TUYA_TS0601_TRV).setpoint).toEqual({
      property: 'current_heating_setpoint',
      min: 5,
      max: 30,
      step: 0.5,
    });
    expect(device('c', SONOFF_TRVZB).setpoint?.min).toBe(4);
    expect(device('d', BOSCH_BTH_RA).setpoint?.property).toBe('occupied_heating_setpoint');
    expect(device('e', AQARA_WSDCGQ11LM).setpoint).toBeNull();
  });

  it('knows sensors, valves, system modes, power and the model', () => {
    const sensor = device('Sensor', AQARA_WSDCGQ11LM);
    expect(sensor).toMatchObject({
      temperatureSensor: true,
      humiditySensor: true,
      mains: false,
      model: 'WSDCGQ11LM',
      vendor: 'Aqara',
      valveProperty: null,
    });
    // A thermostat's local_temperature is inside its climate expose: not a room sensor.
    expect(device('t', DANFOSS_ALLY)).toMatchObject({
      temperatureSensor: false,
      valveProperty: 'pi_heating_demand',
      systemModes: ['heat'],
    });
    expect(device('t', TUYA_TS0601_TRV).valveProperty).toBe('position');
    expect(device('t', SONOFF_TRVZB).valveProperty).toBeNull();
    expect(device('w', BOSCH_BTH_RM230Z)).toMatchObject({ mains: true, humiditySensor: true });
  });

  it('leaves out the coordinator, disabled and unsupported entries, and junk', () => {
    const devices = devicesFromBridge([
      COORDINATOR_ENTRY,
      bridgeEntry('TRV Bad/Oben, links', DANFOSS_ALLY, 1),
      { ...bridgeEntry('Aus', DANFOSS_ALLY, 2), disabled: true },
      { friendly_name: 42 },
      null,
      'x',
    ]);
    expect(devices.map((d) => d.name)).toEqual(['TRV Bad/Oben, links']);
    const interviewing = deviceFromBridge({ friendly_name: '0x00158d0001', definition: null });
    expect(interviewing).toMatchObject({ name: '0x00158d0001', setpoint: null, model: null });
    expect(devicesFromBridge({ not: 'an array' })).toEqual([]);
  });
});

describe('availability', () => {
  it('reads zigbee2mqtt’s JSON and the legacy plain payload', () => {
    expect(parseAvailability('{"state":"online"}')).toBe('online');
    expect(parseAvailability('{"state":"offline"}')).toBe('offline');
    expect(parseAvailability('online')).toBe('online');
    expect(parseAvailability('offline')).toBe('offline');
    expect(parseAvailability('')).toBeNull();
    expect(parseAvailability('{"state":"maybe"}')).toBeNull();
  });

  it('a quiet battery device stays online; a silent mains device goes offline; availability wins', () => {
    const hours = 10 * 3_600_000;
    const battery = report('TRV', DANFOSS_ALLY, {}, { availability: null, lastReportAt: 0 });
    expect(availabilityOf(battery, hours)).toBe('online');
    const mains = report('Wand', BOSCH_BTH_RM230Z, {}, { availability: null, lastReportAt: 0 });
    expect(availabilityOf(mains, MAINS_SILENCE_MS)).toBe('online');
    expect(availabilityOf(mains, MAINS_SILENCE_MS + 1)).toBe('offline');
    expect(availabilityOf({ ...battery, availability: 'offline' }, 0)).toBe('offline');
    expect(availabilityOf({ ...mains, availability: 'online' }, hours)).toBe('online');
    expect(availabilityOf({ ...battery, lastReportAt: null }, 0)).toBeNull();
  });
});

describe('a room’s values from its devices', () => {
  it('takes the sensors’ temperature over the thermostats’, and the mean of several', () => {
    const values = roomValues(
      [
        report('TRV', DANFOSS_ALLY, { local_temperature: 24, pi_heating_demand: 40, battery: 80 }),
        report('S1', AQARA_WSDCGQ11LM, { temperature: 20.5, humidity: 50, battery: 12 }),
        report('S2', AQARA_WSDCGQ11LM, { temperature: 21.2, humidity: 40 }),
      ],
      0,
    );
    expect(values).toEqual({
      temperature: 20.85,
      humidity: 45,
      valve: 40,
      battery: 12,
      offline: [],
    });
  });

  it('falls back to the thermostats’ local_temperature, and reads the valve from position', () => {
    const values = roomValues(
      [
        report('A', TUYA_TS0601_TRV, { local_temperature: 19, position: 30 }),
        report('B', DANFOSS_ALLY, { local_temperature: 20, pi_heating_demand: 70 }),
      ],
      0,
    );
    expect(values).toMatchObject({ temperature: 19.5, valve: 50, humidity: null });
  });

  it('leaves out an offline device’s stale values and names it', () => {
    const values = roomValues(
      [
        report('S', AQARA_WSDCGQ11LM, { temperature: 30 }, { availability: 'offline' }),
        report('TRV', DANFOSS_ALLY, { local_temperature: 20 }),
      ],
      0,
    );
    expect(values).toMatchObject({ temperature: 20, offline: ['S'] });
  });

  it('says nothing where no device tells', () => {
    expect(roomValues([], 0)).toEqual({
      temperature: null,
      humidity: null,
      valve: null,
      battery: null,
      offline: [],
    });
  });
});

describe('the setpoint sent to a thermostat', () => {
  const danfoss = device('a', DANFOSS_ALLY).setpoint!;
  const tuya = device('b', TUYA_TS0601_TRV).setpoint!;

  it('rounds to the device’s step and stays within its range', () => {
    expect(deviceSetpoint(21.125, danfoss)).toBe(21);
    expect(deviceSetpoint(21.25, danfoss)).toBe(21.5);
    expect(deviceSetpoint(21.375, danfoss)).toBe(21.5);
    expect(deviceSetpoint(3, danfoss)).toBe(5);
    expect(deviceSetpoint(30, tuya)).toBe(30);
    expect(deviceSetpoint(33, tuya)).toBe(30);
  });

  it('keeps a range that is off the step’s grid inside', () => {
    const odd = { property: 'occupied_heating_setpoint', min: 5.2, max: 29.9, step: 0.5 };
    expect(deviceSetpoint(5.2, odd)).toBe(5.5);
    expect(deviceSetpoint(30, odd)).toBe(29.5);
    expect(deviceSetpoint(21.3, { ...odd, min: 5, step: 0.1 })).toBe(21.3);
  });
});
