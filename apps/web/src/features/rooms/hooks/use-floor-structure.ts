import type { Floor } from '@raumregler/contract';
import { useState } from 'react';
import { sameFloorStructure } from '../utils/floor-structure';

/**
 * The floors for what is built from the building's structure alone (the menu, a list of rooms to
 * choose from): the answer last seen with these floors and rooms, for as long as newer answers
 * change only values (sameFloorStructure). Every write and every poll brings a new temps answer;
 * on the 1,000-room building, rebuilding the menu and the room lists from each one and drawing
 * them again cost a slow CPU tens of milliseconds for nothing that had changed. With the same
 * structure the result keeps its identity, so memos and memoized views skip their work.
 */
export function useFloorStructure<T extends readonly Floor[] | undefined>(floors: T): T {
  const [kept, setKept] = useState(floors);
  if (floors !== kept && !sameFloorStructure(floors, kept)) {
    // React's way of following a prop into state during render: it renders again at once.
    setKept(floors);
    return floors;
  }
  return kept;
}
