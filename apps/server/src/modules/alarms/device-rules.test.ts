import { describe, expect, it } from 'vitest';
import {
  evaluateDeviceAlarms,
  newDeviceAlarmWatch,
  type DeviceAlarmWatch,
  type DeviceReading,
} from './device-rules.js';

const MINUTE = 60_000;
const reading = (fields: Partial<DeviceReading> = {}): DeviceReading => ({
  name: 'TRV Bad',
  roomId: 4,
  kind: 'thermostat',
  availability: 'online',
  battery: 80,
  unconfirmed: null,
  ...fields,
});
/** A watch with every device alarm open (as loaded after a restart). */
const allOpen = (): DeviceAlarmWatch => ({
  offlineSince: 0,
  open: {
    'device-offline': { id: 1, roomId: 4 },
    'battery-low': { id: 2, roomId: 4 },
    'device-unconfirmed': { id: 3, roomId: 4 },
  },
});

describe('the device alarm rules (pure)', () => {
  it('what is not known (availability, battery, the driver right after start) neither opens nor clears', () => {
    const watch = allOpen();
    const events = evaluateDeviceAlarms(
      watch,
      reading({ availability: null, battery: null, unconfirmed: undefined }),
      10 * MINUTE,
      5,
    );
    expect(events).toEqual([]);
    expect(Object.keys(watch.open).sort()).toEqual([
      'battery-low',
      'device-offline',
      'device-unconfirmed',
    ]);
  });

  it('a battery between 15 and 20 % keeps an open alarm and opens none', () => {
    expect(
      evaluateDeviceAlarms(
        allOpen(),
        reading({ availability: null, battery: 17, unconfirmed: undefined }),
        0,
        5,
      ),
    ).toEqual([]);
    expect(evaluateDeviceAlarms(newDeviceAlarmWatch(), reading({ battery: 15 }), 0, 5)).toEqual([]);
    expect(evaluateDeviceAlarms(newDeviceAlarmWatch(), reading({ battery: 14.9 }), 0, 5)).toEqual([
      expect.objectContaining({ type: 'open', kind: 'battery-low', value: 14.9 }),
    ]);
  });

  it('a device in another room than its open alarms clears them, to be raised for the new room', () => {
    const events = evaluateDeviceAlarms(
      allOpen(),
      reading({ roomId: 9, availability: 'offline', battery: 5, unconfirmed: undefined }),
      10 * MINUTE,
      5,
    );
    expect(events.map((event) => [event.type, event.kind])).toEqual([
      ['clear', 'device-offline'],
      ['clear', 'device-unconfirmed'],
      ['clear', 'battery-low'],
      // Offline since before the move: raised for the new room at once.
      ['open', 'device-offline'],
      ['open', 'battery-low'],
    ]);
  });

  it('offline counts from the first evaluation that saw it, and a short return starts the count anew', () => {
    const watch = newDeviceAlarmWatch();
    expect(evaluateDeviceAlarms(watch, reading({ availability: 'offline' }), 0, 5)).toEqual([]);
    expect(evaluateDeviceAlarms(watch, reading(), 4 * MINUTE, 5)).toEqual([]);
    expect(
      evaluateDeviceAlarms(watch, reading({ availability: 'offline' }), 5 * MINUTE, 5),
    ).toEqual([]);
    expect(
      evaluateDeviceAlarms(watch, reading({ availability: 'offline' }), 10 * MINUTE, 5),
    ).toEqual([
      expect.objectContaining({ type: 'open', kind: 'device-offline', since: 5 * MINUTE }),
    ]);
  });
});
