import { describe, expect, it } from 'vitest';
import { exportPath, periodProblem, presetPeriod } from './export-period';

describe('the export period', () => {
  const today = new Date(2026, 0, 15, 9, 30);
  it('offers last month, this month, the last 7 and 30 days (across a year)', () => {
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2026-01-01', to: '2026-01-15' });
    expect(presetPeriod('last7', today)).toEqual({ from: '2026-01-09', to: '2026-01-15' });
    expect(presetPeriod('last30', today)).toEqual({ from: '2025-12-17', to: '2026-01-15' });
    expect(presetPeriod('lastMonth', new Date(2026, 2, 31))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('names what is wrong: a missing date, the end before the start, more than 400 days', () => {
    expect(periodProblem({ from: '', to: '2026-01-01' })).toBe('from');
    expect(periodProblem({ from: '2026-01-01', to: '2026-02-30' })).toBe('to');
    expect(periodProblem({ from: '2026-01-02', to: '2026-01-01' })).toBe('order');
    expect(periodProblem({ from: '2025-01-01', to: '2026-02-04' })).toBe(null);
    expect(periodProblem({ from: '2025-01-01', to: '2026-02-05' })).toBe('tooLong');
  });

  it('asks from the first midnight to the one after the last day, with step, language, floor', () => {
    expect(exportPath({ from: '2026-10-01', to: '2026-10-31' }, '1h', null, 'de')).toBe(
      '/history/export.csv?from=2026-10-01T00%3A00&to=2026-11-01T00%3A00&step=1h&lang=de',
    );
    expect(exportPath({ from: '2026-12-31', to: '2026-12-31' }, '15m', 3, 'en')).toBe(
      '/history/export.csv?from=2026-12-31T00%3A00&to=2027-01-01T00%3A00&step=15m&lang=en&floor=3',
    );
  });
});
