import { describe, expect, it } from 'vitest';
import { createFailureLimiter } from './failure-limiter.js';

describe('failure limiter', () => {
  it('slows failures past half the limit, blocks at the limit, and forgets after the window', () => {
    let now = 0;
    const limiter = createFailureLimiter({ limit: 10, windowMs: 300_000, now: () => now });
    const delays = Array.from({ length: 10 }, () => limiter.fail('10.0.0.1'));
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 750, 1000, 1250]);
    now = 60_000;
    expect(limiter.blockedFor('10.0.0.1')).toBe(240);
    expect(limiter.blockedFor('10.0.0.2')).toBe(0);
    now = 300_000;
    expect(limiter.blockedFor('10.0.0.1')).toBe(0);
    expect(limiter.fail('10.0.0.1')).toBe(0);
  });

  it('keeps counting across the checks a sign-in makes between failures', () => {
    // A sign-in asks blockedFor before its password check and, when the password is right,
    // tells the limiter nothing: the count of failures before and after it adds up.
    const limiter = createFailureLimiter({ limit: 4, windowMs: 300_000, now: () => 0 });
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(limiter.blockedFor('10.0.0.1')).toBe(0);
      delays.push(limiter.fail('10.0.0.1'));
      // A successful sign-in in between: another check, no failure.
      limiter.blockedFor('10.0.0.1');
    }
    expect(delays).toEqual([0, 0, 250, 500]);
    expect(limiter.blockedFor('10.0.0.1')).toBe(300);
    // The limiter offers no way to wipe a client's count before its window ends (`failures`
    // only reads it, for the audit log's one entry when a limit starts refusing).
    expect(Object.keys(limiter).sort()).toEqual(['blockedFor', 'fail', 'failures']);
  });

  it('a flood of new clients cannot reset the counts of others, and memory stays bounded', () => {
    let now = 0;
    const limiter = createFailureLimiter({ limit: 4, windowMs: 300_000, now: () => now });
    for (let i = 0; i < 4; i++) limiter.fail('blocked');
    for (let i = 0; i < 2; i++) limiter.fail('halfway');
    now = 1_000;
    // More distinct clients than the limiter keeps (10,000), one failure each.
    for (let i = 0; i < 10_050; i++) limiter.fail(`flood-${i}`);
    expect(limiter.blockedFor('blocked')).toBe(299);
    expect(limiter.failures('halfway')).toBe(2);
    // The flood pushed out its own oldest entries, not everyone's.
    expect(limiter.failures('flood-0')).toBe(0);
    expect(limiter.failures('flood-10049')).toBe(1);
    // Expired entries make room first.
    now = 300_000;
    expect(limiter.fail('late')).toBe(0);
    expect(limiter.failures('blocked')).toBe(0);
  });

  it('caps the delay', () => {
    const limiter = createFailureLimiter({ limit: 100, windowMs: 1000, now: () => 0 });
    const delays = Array.from({ length: 100 }, () => limiter.fail('a'));
    expect(Math.max(...delays)).toBe(2000);
  });
});
