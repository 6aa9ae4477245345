import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { pointLabel } from './format';

describe('what a screen reader hears for a switch point', () => {
  it('is "Montag 06:00, 21,0 °C" in German and "Monday 06:00, 21.0 °C" in English', () => {
    const de = testIntl('de');
    const en = testIntl('en');
    expect(pointLabel(de, 'mon', 360, 21)).toBe('Montag 06:00, 21,0 °C');
    expect(pointLabel(en, 'mon', 360, 21)).toBe('Monday 06:00, 21.0 °C');
    expect(pointLabel(de, 'sun', 1425, 17.25)).toBe('Sonntag 23:45, 17,25 °C');
  });
});
