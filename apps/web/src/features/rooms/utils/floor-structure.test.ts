import type { Floor } from '@raumregler/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFloorStructure } from '../hooks/use-floor-structure';
import { sameFloorStructure } from './floor-structure';

/** A temps answer: floors with rooms, each room with a temperature and a target. */
const answer = (
  rooms: Array<[floorId: number, floorName: string, Array<[id: number, name: string]>]>,
  temperature = 20.5,
) =>
  rooms.map(([id, etagenname, raeume]) => ({
    id,
    etagenname,
    raeume: raeume.map(([roomId, name]) => ({
      id: roomId,
      name,
      temperatur: temperature,
      solltemperatur: 21,
    })),
  })) as unknown as Floor[];

const building = (temperature?: number) =>
  answer(
    [
      [
        1,
        'EG',
        [
          [1, 'Wohnzimmer'],
          [2, 'Küche'],
        ],
      ],
      [2, 'OG', [[3, 'Bad']]],
    ],
    temperature,
  );

/** The same building with one room renamed. */
const renamedRoom = () =>
  answer([
    [
      1,
      'EG',
      [
        [1, 'Wohnzimmer'],
        [2, 'Essküche'],
      ],
    ],
    [2, 'OG', [[3, 'Bad']]],
  ]);

describe('sameFloorStructure', () => {
  it('counts an answer that changed only values as the same building', () => {
    expect(sameFloorStructure(building(20.5), building(22))).toBe(true);
  });

  it('tells a renamed room, a renamed floor, a room more or moved apart', () => {
    const renamedFloor = answer([
      [
        1,
        'EG',
        [
          [1, 'Wohnzimmer'],
          [2, 'Küche'],
        ],
      ],
      [2, 'DG', [[3, 'Bad']]],
    ]);
    const roomAdded = answer([
      [
        1,
        'EG',
        [
          [1, 'Wohnzimmer'],
          [2, 'Küche'],
        ],
      ],
      [
        2,
        'OG',
        [
          [3, 'Bad'],
          [4, 'Gast'],
        ],
      ],
    ]);
    const reordered = answer([
      [
        1,
        'EG',
        [
          [2, 'Küche'],
          [1, 'Wohnzimmer'],
        ],
      ],
      [2, 'OG', [[3, 'Bad']]],
    ]);
    const floorGone = answer([
      [
        1,
        'EG',
        [
          [1, 'Wohnzimmer'],
          [2, 'Küche'],
        ],
      ],
    ]);
    for (const other of [renamedRoom(), renamedFloor, roomAdded, reordered, floorGone]) {
      expect(sameFloorStructure(building(), other)).toBe(false);
    }
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
