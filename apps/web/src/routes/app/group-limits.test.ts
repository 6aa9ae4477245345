import type { Floor, Permissions } from '@raumregler/contract';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { errorReason } from '@/lib/error-reason';
import { catalogs } from '@/lib/testing-catalogs';
import { bindingLimits, outsideLimits } from './group-limits';

const floors = [
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      { id: 1, limits: { min: 16, max: 23 } },
      { id: 2, limits: null },
    ],
  },
] as unknown as Floor[];
const tenant = { access_to_smart: 'permanent', access_to_pro: 'permanent' } as Permissions;
const manager = { access_to_smart: 'full', access_to_pro: 'full' } as Permissions;

describe('group targets and room limits (issue 34, decision 0077)', () => {
  it('binds the rooms with limits of a user who does not manage them, nobody else', () => {
    expect([...bindingLimits(floors, tenant, '2026-11-27')]).toEqual([[1, { min: 16, max: 23 }]]);
    expect(bindingLimits(floors, manager, '2026-11-27').size).toBe(0);
  });

  it('reports a target outside the limits per room, with the limits, and lets the others go', () => {
    const limits = bindingLimits(floors, tenant, '2026-11-27');
    const until = '2026-11-27T20:00:00';
    const refusal = outsideLimits(
      { roomId: 1, kind: 'temporary', target: 25, minutes: 60, until },
      limits,
    );
    const intl = createIntl({ locale: 'de', messages: catalogs.de });
    expect(errorReason(intl, refusal)).toBe('Erlaubt sind 16,0–23,0 °C in diesem Raum.');
    expect(outsideLimits({ roomId: 1, kind: 'permanent', target: 15.5 }, limits)).toMatchObject({
      error: 'outside_room_limits',
      messages: { soll: [expect.stringContaining('16,0–23,0 °C')] },
    });
    expect(
      outsideLimits({ roomId: 1, kind: 'temporary', target: 23, minutes: 60, until }, limits),
    ).toBeNull();
    expect(
      outsideLimits({ roomId: 2, kind: 'temporary', target: 29, minutes: 60, until }, limits),
    ).toBeNull();
    expect(outsideLimits({ roomId: 1, kind: 'resume' }, limits)).toBeNull();
  });
});
