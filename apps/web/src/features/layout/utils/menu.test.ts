import type { Floor } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { buildMenu, findTrail, pageTrail } from './menu';

const floors = [
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      { id: 1, name: 'Wohnzimmer' },
      { id: 2, name: 'Küche' },
    ],
  },
  { id: 2, etagenname: 'DG', raeume: [{ id: 7, name: 'Studio' }] },
] as unknown as Floor[];

describe('buildMenu', () => {
  it('shows SMART with linked rooms, PRO with unlinked rooms, and Appearance', () => {
    const menu = buildMenu({ access_to_smart: 'full', access_to_pro: 'read' }, floors);
    expect(menu.map((item) => item.key)).toEqual(['smart', 'pro', 'appearance']);
    const [smart, pro] = menu;
    expect(smart!.children![0]!.path).toBe('/room-control/smart/1');
    expect(smart!.children![0]!.label).toEqual({ floor: 'EG' });
    expect(smart!.children![0]!.children![1]).toMatchObject({
      label: { text: 'Küche' },
      path: '/room-control/smart/room/2',
    });
    expect(pro!.children![1]!.path).toBe('/room-control/pro/2');
    expect(pro!.children![1]!.children![0]!.path).toBeUndefined();
    expect(pro!.children![1]!.children![0]!.matchPath).toBe('/room-control/pro/room/7');
  });

  it('hides an area the user has no access to', () => {
    const menu = buildMenu({ access_to_smart: 'no-access', access_to_pro: 'full' }, floors);
    expect(menu.map((item) => item.key)).toEqual(['pro', 'appearance']);
  });

  it('shows only Appearance while the permissions are unknown', () => {
    expect(buildMenu(undefined, floors).map((item) => item.key)).toEqual(['appearance']);
  });
});

describe('findTrail', () => {
  const menu = buildMenu({ access_to_smart: 'full', access_to_pro: 'full' }, floors);

  it('finds the breadcrumb of a room page, linked or not', () => {
    expect(findTrail(menu, '/room-control/smart/room/2').map((item) => item.key)).toEqual([
      'smart',
      'smart-floor-1',
      'smart-room-2',
    ]);
    expect(findTrail(menu, '/room-control/pro/room/7').map((item) => item.key)).toEqual([
      'pro',
      'pro-floor-2',
      'pro-room-7',
    ]);
  });

  it('answers nothing for a path outside the menu', () => {
    expect(findTrail(menu, '/nowhere')).toEqual([]);
  });
});

describe('pageTrail', () => {
  const menu = buildMenu({ access_to_smart: 'full', access_to_pro: 'full' }, floors);

  it('is the menu trail where the menu has the page', () => {
    expect(pageTrail(menu, '/room-control/smart/room/2').map((item) => item.key)).toEqual([
      'smart',
      'smart-floor-1',
      'smart-room-2',
    ]);
  });

  it('names the pages outside the menu: alarms, absences and the audit log', () => {
    expect(pageTrail(menu, '/alarms')).toEqual([
      expect.objectContaining({ label: { id: 'alarms.title' }, path: '/alarms' }),
    ]);
    expect(pageTrail(menu, '/absences').map((item) => item.label)).toEqual([
      { id: 'absences.title' },
    ]);
    expect(pageTrail(menu, '/audit').map((item) => item.label)).toEqual([
      { id: 'audit.page.title' },
    ]);
    expect(pageTrail(menu, '/buildings').map((item) => item.label)).toEqual([
      { id: 'layout.user.buildings' },
    ]);
    expect(pageTrail(menu, '/nowhere')).toEqual([]);
  });
});
