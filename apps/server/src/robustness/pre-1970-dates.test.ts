import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../test-support/test-server.js';

// Issue 31, 2: the years 0000–0099 were read as 1900–1999 (Date.UTC with a two-digit year), so
// `from=0099-06-01T00:00` answered from 1999-06-01. A date before 1970 is now a bad date: 400
// naming the field, as each route answers any other date it cannot read.
const { server } = serverPerTest('2026-11-23T10:00');
const demo: [string, string] = ['demo', 'demo1234'];

const expectRefused = async (response: Response, field: string) => {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; messages?: Record<string, string[]> };
  expect(body.error).toBe('validation_failed');
  // Refused as a date it cannot read, not for what the date would mean as 1900–1999.
  expect(body.messages?.[field]?.join(' ')).toMatch(/must be a (local )?time/);
};

describe('a date before 1970', () => {
  it.each([
    ['0099-06-01T00:00', '0099-06-02T00:00'],
    ['0000-01-01T00:00:00Z', '0000-01-01T12:00:00Z'],
    ['1969-12-31T12:00:00Z', '1969-12-31T23:59:59Z'],
  ])('history: from=%s is a 400 naming from', async (from, to) => {
    const query = new URLSearchParams({ from, to });
    await expectRefused(await server().request(`/api/history/1/?${query}`, { auth: demo }), 'from');
  });

  it('history: to=0099-06-02T00:00 alone is a 400 naming to', async () => {
    const query = new URLSearchParams({ to: '0099-06-02T00:00' });
    await expectRefused(await server().request(`/api/history/1/?${query}`, { auth: demo }), 'to');
  });

  it.each(['from', 'to'])('audit: %s=0099-06-01T00:00 is a 400 naming it', async (field) => {
    const query = new URLSearchParams({ [field]: '0099-06-01T00:00' });
    await expectRefused(await server().request(`/api/audit/?${query}`, { auth: demo }), field);
  });

  it.each([
    ['from', { from: '0099-06-01T00:00', to: '2026-11-30T10:00' }],
    ['to', { from: '2026-11-24T10:00', to: '0099-06-01T00:00:00+01:00' }],
    ['from', { from: '1970-01-01T00:30', to: '2026-11-30T10:00' }],
  ])('absences: a new absence with %s before 1970 is a 400 naming it', async (field, times) => {
    const response = await server().request('/api/absences/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Urlaub', target: '17', rooms: 'all', ...times }),
    });
    await expectRefused(response, field);
  });
});
