import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { formatEndTime, parseModeEnd } from './end-time';

describe('end of a temporary target', () => {
  it('reads the device format and rejects anything else', () => {
    expect(parseModeEnd('2026-11-21T14:35:10')).toEqual(new Date(2026, 10, 21, 14, 35, 10));
    expect(parseModeEnd('bald')).toBeNull();
    expect(parseModeEnd(null)).toBeNull();
  });

  it('shows the time today and adds the date on another day', () => {
    const de = testIntl('de');
    const en = testIntl('en');
    const now = new Date(2026, 10, 21, 12, 0);
    expect(formatEndTime(de, new Date(2026, 10, 21, 14, 35), now)).toBe('14:35');
    expect(formatEndTime(en, new Date(2026, 10, 21, 14, 35), now)).toBe('14:35');
    expect(formatEndTime(de, new Date(2026, 10, 22, 0, 5), now)).toBe('22. Nov., 00:05');
    expect(formatEndTime(en, new Date(2026, 10, 22, 0, 5), now)).toBe('22 Nov, 00:05');
  });
});
