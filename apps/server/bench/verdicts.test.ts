import { describe, expect, it } from 'vitest';
import { judge, spread } from './verdicts.js';

// The bench's verdict rule (issue 19): a figure measured in rounds passes only when every round
// is within its budget; when the rounds straddle it, the figure is UNSTABLE and fails.
describe('bench verdicts', () => {
  const atLeast = (limit: number) => (value: number) => value >= limit;

  it('passes when every round is within the budget, whatever the spread', () => {
    expect(judge(spread([0.91, 0.95, 1.2, 0.93, 0.9]), atLeast(0.9))).toEqual({
      pass: true,
      unstable: false,
    });
  });

  it('fails, stably, when no round is within the budget', () => {
    expect(judge(spread([0.5, 0.61, 0.55, 0.7, 0.89]), atLeast(0.9))).toEqual({
      pass: false,
      unstable: false,
    });
  });

  it('is unstable, and fails, when the rounds lie on both sides of the budget, even with a passing median', () => {
    const rounds = spread([0.5, 0.93, 0.95, 0.96, 0.97]);
    expect(rounds.median).toBe(0.95);
    expect(judge(rounds, atLeast(0.9))).toEqual({ pass: false, unstable: true });
  });

  it('reports the median and the spread of the rounds', () => {
    expect(spread([3, 1, 2, 10])).toMatchObject({ median: 2.5, min: 1, max: 10 });
  });
});
