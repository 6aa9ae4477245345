import { describe, expect, it } from 'vitest';
import { timeAxisRange } from './time-axis';

describe("the history chart's time axis", () => {
  const t = 1_790_000_000;
  it('spans the whole period before a single sample', () => {
    expect(timeAxisRange('24h', t, t)).toEqual([t - 86_400, t]);
    expect(timeAxisRange('7d', t, t)).toEqual([t - 7 * 86_400, t]);
  });
  it('keeps samples older than the period in view', () => {
    expect(timeAxisRange('24h', t - 90_000, t)).toEqual([t - 90_000, t]);
  });
  it('ends now when there are no samples', () => {
    expect(timeAxisRange('30d', null, null, t)).toEqual([t - 30 * 86_400, t]);
  });
});
