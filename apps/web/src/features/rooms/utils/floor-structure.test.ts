import type { Floor } from '@raumregler/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFloorStructure } from '../hooks/use-floor-structure';
import { sameFloorStructure } from './floor-structure';

/** A temps answer of two floors and three rooms, every room at `temperature`. */
const building = (temperature = 20.5) =>
  [
    {
      id: 1,
      etagenname: 'EG',
      raeume: [room(1, 'Wohnzimmer', temperature), room(2, 'Küche', temperature)],
    },
    { id: 2, etagenname: 'OG', raeume: [room(3, 'Bad', temperature)] },
  ] as unknown as Floor[];

function room(id: number, name: string, temperatur: number) {
  return { id, name, temperatur, solltemperatur: 21 };
}

/** The building after `change`, a fresh copy each time. */
const changed = (change: (floors: Floor[]) => void) => {
  const floors = structuredClone(building());
  change(floors);
  return floors;
};
const renamedRoom = () =>
  changed((floors) => {
    floors[0]!.raeume[1]!.name = 'Essküche';
  });

describe('sameFloorStructure', () => {
  it('counts an answer that changed only values as the same building', () => {
    expect(sameFloorStructure(building(20.5), building(22))).toBe(true);
  });

  it('tells a renamed room, a renamed floor, a room more, rooms reordered and a floor gone', () => {
    const others = [
      renamedRoom(),
      changed((floors) => {
        floors[1]!.etagenname = 'DG';
      }),
      changed((floors) => {
        floors[1]!.raeume.push({ ...floors[1]!.raeume[0]!, id: 4, name: 'Gast' });
      }),
      changed((floors) => {
        floors[0]!.raeume.reverse();
      }),
      changed((floors) => {
        floors.pop();
      }),
    ];
    for (const other of others) expect(sameFloorStructure(building(), other)).toBe(false);
  });

  it('tells no answer from an answer', () => {
    expect(sameFloorStructure(undefined, undefined)).toBe(true);
    expect(sameFloorStructure(undefined, building())).toBe(false);
    expect(sameFloorStructure(building(), undefined)).toBe(false);
  });
});

describe('useFloorStructure', () => {
  it('keeps the first answer while later ones change only values, and takes a new building', () => {
    const first = building(20.5);
    const { result, rerender } = renderHook(({ floors }) => useFloorStructure(floors), {
      initialProps: { floors: first as Floor[] | undefined },
    });
    expect(result.current).toBe(first);

    rerender({ floors: building(23) });
    expect(result.current).toBe(first);

    const renamed = renamedRoom();
    rerender({ floors: renamed });
    expect(result.current).toBe(renamed);

    rerender({ floors: undefined });
    expect(result.current).toBeUndefined();
  });
});
