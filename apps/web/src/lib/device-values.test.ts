import { describe, expect, it } from 'vitest';
import { formatDayTime, parseDeviceTime } from './device-values';
import { testIntl } from './testing-catalogs';

describe('device times', () => {
  it('reads the device formats on its own clock and rejects anything else', () => {
    expect(parseDeviceTime('2026-11-21T14:35:10')).toEqual(new Date(2026, 10, 21, 14, 35, 10));
    expect(parseDeviceTime('2026-11-21 22:00')).toEqual(new Date(2026, 10, 21, 22, 0));
    // An alarm's time with its offset reads as the building's clock shows it, in any browser
    // zone: 07:40, not 06:40 in a browser on UTC.
    expect(parseDeviceTime('2026-11-23T07:40:00+01:00')).toEqual(new Date(2026, 10, 23, 7, 40));
    expect(parseDeviceTime('bald')).toBeNull();
    expect(parseDeviceTime(null)).toBeNull();
  });

  it('shows the time on the same day and adds the date on another day', () => {
    const de = testIntl('de');
    const en = testIntl('en');
    const now = new Date(2026, 10, 21, 12, 0);
    expect(formatDayTime(de, new Date(2026, 10, 21, 14, 35), now)).toBe('14:35');
    expect(formatDayTime(en, new Date(2026, 10, 21, 14, 35), now)).toBe('14:35');
    expect(formatDayTime(de, new Date(2026, 10, 22, 0, 5), now)).toBe('22. Nov., 00:05');
    expect(formatDayTime(en, new Date(2026, 10, 22, 0, 5), now)).toBe('22 Nov, 00:05');
  });
});
