import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../../test-support/writes.js';

const { server } = serverPerTest('2026-11-23T10:00');

const { multipart, room } = writesTo(server);
const LIVING_ROOM = 1;

describe('write access', () => {
  it('answers 401 to wrong or missing credentials', async () => {
    await expectError(
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22' }, ['demo', 'nope']),
      401,
    );
    await expectError(
      await server().request(`/set/json/v1/1/resettemp/${LIVING_ROOM}/`, { method: 'POST' }),
      401,
    );
  });

  it('answers 403 to a user who may only read, and lets full access in one area write', async () => {
    await expectError(
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22' }, ['bewohner', 'bewohner1234']),
      403,
    );
    expect((await room(LIVING_ROOM)).is_temporary_mode).toBe(false);
    const technician = await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22' }, [
      'techniker',
      'techniker1234',
    ]);
    expect(technician.status).toBe(200);
    const manager = await multipart(`soll/${LIVING_ROOM}/`, { soll: '21' }, [
      'verwalter',
      'verwalter1234',
    ]);
    expect(manager.status).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses setpoints out of limits or not numbers with field messages, writing nothing', async () => {
    for (const ziel of ['30.5', '4', 'abc', '', '1e2']) {
      await expectError(
        await multipart(`ziel/${LIVING_ROOM}/`, { ziel, duration: '60' }),
        400,
        'ziel',
      );
    }
    await expectError(await multipart(`soll/${LIVING_ROOM}/`, { soll: '31' }), 400, 'soll');
    await expectError(await multipart(`soll/${LIVING_ROOM}/`, {}), 400, 'soll');
    for (const duration of ['1441', '1.5', 'long', '-1']) {
      await expectError(
        await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22', duration }),
        400,
        'duration',
      );
    }
    expect(await room(LIVING_ROOM)).toMatchObject({ solltemperatur: 21, is_temporary_mode: false });
  });

  it('answers 404 to unknown rooms and house ids, 400 to ids that are no numbers', async () => {
    await expectError(await multipart('ziel/999/', { ziel: '22' }), 404);
    await expectError(await multipart('ziel/abc/', { ziel: '22' }), 400);
    await expectError(await multipart('ziel/1.5/', { ziel: '22' }), 400);
    const otherHouse = await server().request(`/set/json/v1/2/ziel/${LIVING_ROOM}/`, {
      method: 'POST',
      auth: demo,
    });
    await expectError(otherHouse, 404);
  });

  it('refuses unknown content types, broken and oversized bodies, and file uploads', async () => {
    const post = (body: string | FormData, contentType?: string) =>
      server().request(`/set/json/v1/1/ziel/${LIVING_ROOM}/`, {
        method: 'POST',
        auth: demo,
        body,
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      });
    await expectError(await post('ziel=22', 'text/plain'), 415);
    await expectError(await post('<ziel>22</ziel>', 'application/xml'), 415);
    await expectError(await post('{"ziel": ', 'application/json'), 400);
    await expectError(
      await post(
        '--x\r\nContent-Disposition: form-data; name="ziel"\r\n\r\n22',
        'multipart/form-data; boundary=x',
      ),
      400,
    );
    await expectError(
      await post(`ziel=${'2'.repeat(200_000)}`, 'application/x-www-form-urlencoded'),
      413,
    );
    const withFile = new FormData();
    withFile.set('ziel', '22');
    withFile.set('upload', new Blob(['x'.repeat(100)]), 'a.txt');
    // Files are refused like oversized fields (docs/device-api.md, Writes): 413.
    expect((await expectError(await post(withFile), 413)).error).toBe('payload_too_large');
    expect((await room(LIVING_ROOM)).is_temporary_mode).toBe(false);
  });
});
