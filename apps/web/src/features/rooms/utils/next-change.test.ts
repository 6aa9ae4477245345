import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/i18n';
import { testIntl } from '@/lib/testing-catalogs';
import { formatNextChange, nextChange } from './next-change';

const text = (locale: Locale, temperature: unknown, due: unknown, now: Date) =>
  formatNextChange(testIntl(locale), nextChange(temperature, due, now), now);

describe('next change text', () => {
  const noon = new Date(2026, 10, 21, 12, 0);

  it('names only the time on the same day', () => {
    expect(text('de', 18, '2026-11-21 22:00', noon)).toBe('18,0 °C um 22:00');
    expect(text('en', 18, '2026-11-21 22:00', noon)).toBe('18.0 °C at 22:00');
  });

  it('says tomorrow on the next day', () => {
    expect(text('de', 21.5, '2026-11-22 08:00', noon)).toBe('21,5 °C morgen um 08:00');
    expect(text('en', 21.5, '2026-11-22 08:00', noon)).toBe('21.5 °C tomorrow at 08:00');
  });

  it('names day and month later on', () => {
    expect(text('de', 21, '2026-11-24 06:00', noon)).toBe('21,0 °C am 24. Nov., 06:00');
    expect(text('en', 21, '2026-11-24 06:00', noon)).toBe('21.0 °C on 24 Nov, 06:00');
  });

  it('counts across the end of a month and of a year', () => {
    const lastOfMonth = new Date(2026, 10, 30, 23, 30);
    expect(text('de', 21, '2026-12-01 06:00', lastOfMonth)).toBe('21,0 °C morgen um 06:00');
    const newYearsEve = new Date(2026, 11, 31, 23, 59);
    expect(text('de', 21, '2027-01-01 00:15', newYearsEve)).toBe('21,0 °C morgen um 00:15');
    expect(text('en', 21, '2027-01-02 06:00', newYearsEve)).toBe('21.0 °C on 2 Jan 2027, 06:00');
    expect(text('de', 21, '2027-01-02 06:00', newYearsEve)).toBe('21,0 °C am 2. Jan. 2027, 06:00');
  });

  it('handles a leap day', () => {
    const leapDay = new Date(2028, 1, 28, 9, 0);
    expect(text('de', 19, '2028-02-29 07:00', leapDay)).toBe('19,0 °C morgen um 07:00');
    expect(text('de', 19, '2028-03-01 07:00', leapDay)).toBe('19,0 °C am 1. März, 07:00');
  });

  it('reports none when the device has no next change or sends something else', () => {
    expect(nextChange(null, null, noon)).toEqual({ kind: 'none' });
    expect(nextChange(21, null, noon)).toEqual({ kind: 'none' });
    expect(nextChange('kein Zeitplan', '2026-11-21 22:00', noon)).toEqual({ kind: 'none' });
    expect(nextChange(21, 'bald', noon)).toEqual({ kind: 'none' });
    expect(text('de', null, null, noon)).toBeNull();
  });
});
