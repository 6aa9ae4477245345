import { describe, expect, it } from 'vitest';
import {
  afterConfirm,
  afterKnob,
  afterSend,
  commandPayload,
  desiredCommand,
  initialDriveState,
  IN_FLIGHT_MS,
  judgeReport,
  knobTarget,
  measuredRoom,
  needsSend,
  RECENT_MS,
} from './drive-rules.js';
import type { DeviceReport, ZigbeeDevice } from './rules.js';

const danfoss = {
  setpoint: { property: 'occupied_heating_setpoint', min: 5, max: 35, step: 0.5 },
  systemModes: ['heat'],
};
const tuya = {
  setpoint: { property: 'current_heating_setpoint', min: 5, max: 30, step: 0.5 },
  systemModes: ['heat', 'auto', 'off'],
};
const coarse = {
  setpoint: { property: 'occupied_heating_setpoint', min: 8, max: 28, step: 1 },
  systemModes: [],
};

describe('desiredCommand', () => {
  it('sends the target in the device’s step and range, with heat where the device offers it', () => {
    expect(desiredCommand('Heating', 21.375, danfoss)).toEqual({
      setpoint: 21.5,
      systemMode: 'heat',
    });
    expect(desiredCommand('heating', 31, tuya)).toEqual({ setpoint: 30, systemMode: 'heat' });
    expect(desiredCommand('Heating', 6.2, coarse)).toEqual({ setpoint: 8, systemMode: null });
    expect(desiredCommand('Heating', 20.4, coarse)).toEqual({ setpoint: 20, systemMode: null });
  });

  it('switches a room that is off (or cooling) off, or to the lowest setpoint without an off mode', () => {
    expect(desiredCommand('Off', 21, tuya)).toEqual({ setpoint: 21, systemMode: 'off' });
    expect(desiredCommand('Cooling', 21, tuya)).toEqual({ setpoint: 21, systemMode: 'off' });
    expect(desiredCommand('Off', 21, danfoss)).toEqual({ setpoint: 5, systemMode: null });
    expect(desiredCommand('Off', 21, coarse)).toEqual({ setpoint: 8, systemMode: null });
  });

  it('puts the setpoint in the device’s own property', () => {
    expect(commandPayload('current_heating_setpoint', { setpoint: 20, systemMode: 'off' })).toEqual(
      { current_heating_setpoint: 20, system_mode: 'off' },
    );
    expect(commandPayload('occupied_heating_setpoint', { setpoint: 20, systemMode: null })).toEqual(
      { occupied_heating_setpoint: 20 },
    );
  });
});

describe('when a command goes out', () => {
  const heat21 = { setpoint: 21, systemMode: 'heat' };
  it('sends at first, on a change and when forced, never again for an unchanged value', () => {
    const start = initialDriveState();
    expect(needsSend(start, heat21, false)).toBe(true);
    const sent = afterSend(start, heat21, 1_000);
    expect(needsSend(sent, heat21, false)).toBe(false);
    expect(needsSend(sent, { setpoint: 21.5, systemMode: 'heat' }, false)).toBe(true);
    expect(needsSend(sent, { setpoint: 21, systemMode: 'off' }, false)).toBe(true);
    expect(needsSend(sent, heat21, true)).toBe(true);
  });

  it('waits for a confirmation from the first command of a value; a resend keeps that instant', () => {
    const sent = afterSend(initialDriveState(), heat21, 1_000);
    expect(sent.pendingSince).toBe(1_000);
    expect(afterSend(sent, heat21, 50_000).pendingSince).toBe(1_000);
    expect(afterSend(sent, { setpoint: 22, systemMode: 'heat' }, 50_000).pendingSince).toBe(50_000);
    const confirmed = afterConfirm(sent, 21);
    expect(confirmed.pendingSince).toBeNull();
    expect(afterSend(confirmed, heat21, 90_000).pendingSince).toBe(90_000);
  });
});

describe('what a report means', () => {
  const at = 1_000_000;
  const confirmedAt21 = afterConfirm(
    afterSend(initialDriveState(), { setpoint: 21, systemMode: null }, at),
    21,
  );

  it('ignores what a device reports before our first command (we overwrite it)', () => {
    expect(judgeReport(initialDriveState(), 17, at)).toBe('ignore');
  });

  it('confirms the commanded value, and ignores others while the command is in flight', () => {
    const sent = afterSend(confirmedAt21, { setpoint: 23, systemMode: null }, at + 60_000);
    expect(judgeReport(sent, 23, at + 60_500)).toBe('confirm');
    expect(judgeReport(sent, 21, at + 61_000)).toBe('ignore');
    expect(judgeReport(sent, 26, at + 60_000 + IN_FLIGHT_MS - 1)).toBe('ignore');
  });

  it('takes an older value of ours after the device had time as a disagreement, never a knob', () => {
    const sent = afterSend(confirmedAt21, { setpoint: 23, systemMode: null }, at + 60_000);
    expect(judgeReport(sent, 21, at + 60_000 + IN_FLIGHT_MS + 1)).toBe('disagree');
  });

  it('takes a value away from the last confirmed one that we never sent as a knob', () => {
    expect(judgeReport(confirmedAt21, 24, at + 30_000)).toBe('knob');
    // Our 21 long ago is no longer "recent": still not a knob, since it is the confirmed value.
    expect(judgeReport(confirmedAt21, 21, at + RECENT_MS + 60_000)).toBe('confirm');
  });

  it('takes a device that never confirmed and reports something else as disagreeing', () => {
    const sent = afterSend(initialDriveState(), { setpoint: 21, systemMode: null }, at);
    expect(judgeReport(sent, 18, at + 30_000)).toBe('disagree');
  });

  it('after a knob the device’s value counts as commanded and confirmed', () => {
    const knob = afterKnob(confirmedAt21, 24, at + 30_000);
    expect(judgeReport(knob, 24, at + 31_000)).toBe('confirm');
    expect(needsSend(knob, { setpoint: 24, systemMode: null }, false)).toBe(false);
    expect(needsSend(knob, { setpoint: 23, systemMode: null }, false)).toBe(true);
  });
});

describe('knobTarget', () => {
  it('keeps a knob’s value within the room’s limits and hard limits', () => {
    const room = { minTarget: 5, maxTarget: 30, limits: { min: 18, max: 23 } };
    expect(knobTarget(21.5, room)).toBe(21.5);
    expect(knobTarget(27, room)).toBe(23);
    expect(knobTarget(12, room)).toBe(18);
    expect(knobTarget(35, { ...room, limits: null })).toBe(30);
  });
});

describe('measuredRoom', () => {
  const device = (name: string, extra: Partial<ZigbeeDevice>): ZigbeeDevice => ({
    name,
    ieeeAddress: '0x1',
    type: 'EndDevice',
    mains: false,
    model: null,
    vendor: null,
    description: null,
    setpoint: null,
    systemModes: [],
    temperatureSensor: false,
    humiditySensor: false,
    valveProperty: null,
    ...extra,
  });
  const trv = (state: Record<string, unknown>, lastReportAt: number): DeviceReport => ({
    device: device('TRV', { setpoint: danfoss.setpoint, valveProperty: 'pi_heating_demand' }),
    state,
    lastReportAt,
    availability: 'online',
  });
  const sensor = (state: Record<string, unknown>, lastReportAt: number): DeviceReport => ({
    device: device('Sensor', { temperatureSensor: true, humiditySensor: true }),
    state,
    lastReportAt,
    availability: 'online',
  });

  it('shows no sensor for a room without devices', () => {
    expect(measuredRoom([], 1)).toEqual({
      temperature: null,
      humidity: null,
      valveOpen: false,
      reportedAt: null,
    });
  });

  it('takes the sensor’s temperature and report time, the thermostat’s valve', () => {
    const now = 10_000_000;
    expect(
      measuredRoom(
        [
          trv({ local_temperature: 20, pi_heating_demand: 40 }, now - 1_000),
          sensor({ temperature: 19.5, humidity: 48 }, now - 600_000),
        ],
        now,
      ),
    ).toEqual({ temperature: 19.5, humidity: 48, valveOpen: true, reportedAt: now - 600_000 });
  });

  it('falls back to the thermostat’s local temperature and report time', () => {
    const now = 10_000_000;
    expect(
      measuredRoom([trv({ local_temperature: 20.4, pi_heating_demand: 0 }, now - 5)], now),
    ).toEqual({ temperature: 20.4, humidity: null, valveOpen: false, reportedAt: now - 5 });
  });
});
