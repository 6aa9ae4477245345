import type { Room } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../../test-support/writes.js';

// 2026-11-23 is a Monday; in November Berlin is UTC+1.
const { clock, server } = serverPerTest('2026-11-23T10:00');

const { multipart, urlencoded, room } = writesTo(server);
const LIVING_ROOM = 1;
const GUEST_WC = 4;

describe('POST ziel', () => {
  it('starts a temporary target from a multipart form and answers the updated room', async () => {
    const response = await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '23.5', duration: '90' });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as Room;
    expect(updated).toMatchObject({
      id: LIVING_ROOM,
      solltemperatur: 23.5,
      perm_solltemperatur: 21,
      is_temporary_mode: true,
      remaining_time: 90 * 60,
      mode_end_datetime: '2026-11-23T11:30:00',
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
    });
    expect(await room(LIVING_ROOM)).toEqual(updated);
  });

  it('accepts urlencoded fields with a comma and snaps to the 0.125 °C grid', async () => {
    const response = await urlencoded(`ziel/${LIVING_ROOM}`, { ziel: '22,3', duration: '60' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Room).solltemperatur).toBe(22.25);
  });

  it('takes credentials from form fields without a Basic header, also urlencoded', async () => {
    const response = await server().request(`/set/json/v1/1/ziel/${LIVING_ROOM}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user=demo&password=demo1234&ziel=20&duration=30',
    });
    expect(response.status).toBe(200);
  });

  it('runs 60 minutes for duration "default", 0 or none', async () => {
    for (const duration of ['default', '0', undefined]) {
      const fields: Record<string, string> = { ziel: '22' };
      if (duration !== undefined) fields.duration = duration;
      const updated = (await (await multipart(`ziel/${LIVING_ROOM}/`, fields)).json()) as Room;
      expect(updated.remaining_time, String(duration)).toBe(3600);
    }
  });

  it('replaces a running temporary target', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '600' });
    clock.advance(5 * 60_000);
    const updated = (await (
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '19', duration: '30' })
    ).json()) as Room;
    expect(updated).toMatchObject({
      solltemperatur: 19,
      remaining_time: 1800,
      mode_end_datetime: '2026-11-23T10:35:00',
    });
  });

  it('counts down and runs out by itself at the stored end time', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '30' });
    clock.advance(29 * 60_000 + 30_000);
    expect(await room(LIVING_ROOM)).toMatchObject({ is_temporary_mode: true, remaining_time: 30 });
    clock.advance(30_000);
    expect(await room(LIVING_ROOM)).toMatchObject({
      solltemperatur: 21,
      is_temporary_mode: false,
      remaining_time: null,
      mode_end_datetime: null,
    });
  });

  it('ends across midnight into the next day in local time', async () => {
    clock.set('2026-11-23T23:30');
    const updated = (await (
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '20', duration: '120' })
    ).json()) as Room;
    expect(updated.mode_end_datetime).toBe('2026-11-24T01:30:00');
  });
});

describe('POST resettemp', () => {
  it('ends the temporary target now and is idempotent', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '60' });
    for (let i = 0; i < 2; i++) {
      const response = await multipart(`resettemp/${LIVING_ROOM}/`, {});
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        solltemperatur: 21,
        is_temporary_mode: false,
        remaining_time: null,
      });
    }
  });

  it('works with no body at all and a Basic header', async () => {
    const response = await server().request(`/set/json/v1/1/resettemp/${LIVING_ROOM}`, {
      method: 'POST',
      auth: demo,
    });
    expect(response.status).toBe(200);
  });
});

describe('POST soll', () => {
  it('changes the scheduled block in force today, and it comes back next week', async () => {
    const response = await multipart(`soll/${LIVING_ROOM}/`, { soll: '22.5' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      solltemperatur: 22.5,
      perm_solltemperatur: 22.5,
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
    });
    clock.set('2026-11-23T23:00');
    expect((await room(LIVING_ROOM)).perm_solltemperatur).toBe(18);
    clock.set('2026-11-24T10:00');
    expect((await room(LIVING_ROOM)).perm_solltemperatur).toBe(21);
    clock.set('2026-11-30T10:00');
    expect((await room(LIVING_ROOM)).perm_solltemperatur).toBe(22.5);
  });

  it('sets the base target of a room without programme', async () => {
    const response = await urlencoded(`soll/${GUEST_WC}/`, { soll: '20,5' });
    expect(await response.json()).toMatchObject({
      solltemperatur: 20.5,
      perm_solltemperatur: 20.5,
      next_temperature: null,
      next_due_time: null,
    });
  });

  it('leaves a running temporary target running', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '60' });
    const updated = (await (
      await multipart(`soll/${LIVING_ROOM}/`, { soll: '20' })
    ).json()) as Room;
    expect(updated).toMatchObject({
      solltemperatur: 24,
      perm_solltemperatur: 20,
      is_temporary_mode: true,
    });
  });
});

describe('POST rooms (betriebsart)', () => {
  it('switches a room off and on again, back to its mode before', async () => {
    let response = await urlencoded(`rooms/${LIVING_ROOM}/`, {
      action: 'betriebsart',
      value: 'cooling',
    });
    expect(await response.json()).toMatchObject({ betriebsart: 'Cooling' });
    response = await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'off' });
    expect(await response.json()).toMatchObject({ betriebsart: 'Off' });
    response = await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'on' });
    expect(await response.json()).toMatchObject({ betriebsart: 'Cooling' });
  });

  it('refuses another action or value', async () => {
    await expectError(
      await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'x', value: 'on' }),
      400,
      'action',
    );
    await expectError(
      await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'warm' }),
      400,
      'value',
    );
  });
});
