import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { formatNextSwitch, pointLabel } from './format';

describe('what a screen reader hears for a switch point', () => {
  it('is "Montag 06:00, 21,0 °C" in German and "Monday 06:00, 21.0 °C" in English', () => {
    const de = testIntl('de');
    const en = testIntl('en');
    expect(pointLabel(de, 'mon', 360, 21)).toBe('Montag 06:00, 21,0 °C');
    expect(pointLabel(en, 'mon', 360, 21)).toBe('Monday 06:00, 21.0 °C');
    expect(pointLabel(de, 'sun', 1425, 17.25)).toBe('Sonntag 23:45, 17,25 °C');
  });
});

describe("a device switch point's next switch (proxy mode)", () => {
  const now = new Date(2026, 10, 23, 10, 0);
  it('says the weekday, the day and the device time, in German and English', () => {
    expect(formatNextSwitch(testIntl('de'), '2026-11-24 06:00', now)).toBe('Di., 24. Nov., 06:00');
    expect(formatNextSwitch(testIntl('en'), '2026-11-24 06:00', now)).toBe('Tue 24 Nov, 06:00');
  });

  it('adds the year when it is not this one, and gives null without a time', () => {
    expect(formatNextSwitch(testIntl('de'), '2027-01-04 22:30', now)).toBe(
      'Mo., 4. Jan. 2027, 22:30',
    );
    expect(formatNextSwitch(testIntl('de'), null, now)).toBeNull();
    expect(formatNextSwitch(testIntl('de'), 'morgen', now)).toBeNull();
  });
});
