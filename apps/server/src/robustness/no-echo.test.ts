import { describe, expect, it } from 'vitest';
import { basic, serverPerTest } from '../test-support/test-server.js';

// Issue 31, 3: refusals quoted what the client sent (`No such path: GET /api/<path>`,
// `room id … got "<id>"`, `week has unknown days (<keys>)`, a room number that names no room),
// though README promises they echo nothing. Each request below carries a marker in its path or
// fields; no answer may contain it.
const { server } = serverPerTest('2026-11-23T10:00');
const MARK = 'qzxmark';
/** Where only digits get through: an id that names nothing. */
const NUMBER = '987654321';
const auth = { authorization: basic('demo', 'demo1234') };
const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };

const cases: [label: string, path: string, init?: RequestInit][] = [
  ['an unknown path', `/api/${MARK}`],
  ['an unknown path at the root', `/${MARK}/x`],
  ['a room id that is no number', `/get/json/v1/1/temps/${MARK}/`, { headers: auth }],
  ['a room id that names no room', `/get/json/v1/1/temps/${NUMBER}/`, { headers: auth }],
  [
    'a write to a room that is none',
    `/set/json/v1/1/ziel/${NUMBER}/`,
    {
      method: 'POST',
      headers: form,
      body: 'ziel=21',
    },
  ],
  ['an unknown house', `/get/json/v1/${MARK}/temps/`, { headers: auth }],
  [
    'an unknown house on a write',
    `/api/set/json/v1/${NUMBER}/ziel/1/`,
    {
      method: 'POST',
      headers: form,
      body: 'ziel=21',
    },
  ],
  ['a history room id', `/api/history/${MARK}/`, { headers: auth }],
  ['a history room that is none', `/api/history/${NUMBER}/`, { headers: auth }],
  ['an audit room that is none', `/api/audit/?room=${NUMBER}`, { headers: auth }],
  ['a schedule of a room that is none', `/api/schedules/${NUMBER}/`, { headers: auth }],
  ['an alarm id', `/api/alarms/${MARK}/ack`, { method: 'POST', headers: form, body: '' }],
  [
    'an alarm that is none',
    `/api/alarms/${NUMBER}/ack`,
    { method: 'POST', headers: form, body: '' },
  ],
  ['an absence id', `/api/absences/${MARK}/end`, { method: 'POST', headers: form, body: '' }],
  [
    'an absence that is none',
    `/api/absences/${NUMBER}/end`,
    {
      method: 'POST',
      headers: form,
      body: '',
    },
  ],
  [
    'a week with an unknown day',
    '/api/schedules/1/',
    {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ week: JSON.stringify({ [MARK]: [] }) }).toString(),
    },
  ],
  [
    'an absence naming a room id that is no number',
    '/api/absences/',
    {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ name: 'x', rooms: MARK }).toString(),
    },
  ],
  [
    'an absence naming a room that is none',
    '/api/absences/',
    {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ name: 'x', rooms: `1,${NUMBER}` }).toString(),
    },
  ],
  [
    'a too long urlencoded field',
    '/set/json/v1/1/ziel/1/',
    {
      method: 'POST',
      headers: form,
      body: `${MARK}=${'x'.repeat(2000)}`,
    },
  ],
  [
    'a too long JSON field',
    '/set/json/v1/1/ziel/1/',
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ [MARK]: 'x'.repeat(2000) }),
    },
  ],
  [
    'a too long multipart field',
    '/set/json/v1/1/ziel/1/',
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=b' },
      body: `--b\r\nContent-Disposition: form-data; name="${MARK}"\r\n\r\n${'x'.repeat(2000)}\r\n--b--\r\n`,
    },
  ],
  [
    'a body that is no JSON',
    '/set/json/v1/1/ziel/1/',
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: `{"ziel": ${MARK}}`,
    },
  ],
];

describe('a refusal echoes nothing of the request', () => {
  it.each(cases)('%s', async (_label, path, init) => {
    const response = await fetch(`${server().url}${path}`, init);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: expect.any(String) });
    expect(text).not.toContain(MARK);
    expect(text).not.toContain(NUMBER);
  });
});
