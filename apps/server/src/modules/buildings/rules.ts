import {
  meanValve,
  offTarget,
  roomDeviation,
  type BuildingSummary,
  type WorstRoom,
} from '@raumregler/contract';

/** One room's values as the building's `temps/` and `outs/` give them (room-values' RoomNow). */
export interface RoomFigures {
  id: number;
  name: string;
  floor: string;
  temperature: number | null;
  target: number | null;
  valve: number | null;
}

/** A building as the list names it. */
export interface BuildingEntry {
  houseId: number;
  name: string;
  hostLabel: string | null;
}

/**
 * One building at a glance, from the rooms the user sees and the open alarms they meet: the
 * overview's figures (the contract's `offTarget` for "unter Ziel", `meanValve` for "Heizbedarf")
 * and the room furthest below its target (the first in building order on a tie; null when no
 * room is below its target).
 */
export function summariseBuilding(
  building: BuildingEntry,
  rooms: readonly RoomFigures[],
  openAlarms: number,
): BuildingSummary {
  let below = 0;
  let worst: WorstRoom | null = null;
  for (const room of rooms) {
    const deviation = roomDeviation(room.temperature, room.target);
    if (offTarget({ deviation }) === 'below') below += 1;
    if (deviation === null || deviation >= 0) continue;
    const gap = -deviation;
    if (worst === null || gap > worst.gap) {
      worst = {
        id: room.id,
        name: room.name,
        floor: room.floor,
        temperature: room.temperature!,
        target: room.target!,
        gap,
      };
    }
  }
  return {
    house_id: building.houseId,
    name: building.name,
    host_label: building.hostLabel,
    rooms: rooms.length,
    below_target: below,
    open_alarms: openAlarms,
    demand: meanValve(rooms.map((room) => room.valve)),
    worst_room: worst,
  };
}
