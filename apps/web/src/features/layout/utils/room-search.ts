import type { MenuItem, MenuLabel } from './menu';

/** One room the room search can jump to. */
export interface RoomEntry {
  key: string;
  roomId: number;
  name: string;
  floor: string;
  path: string;
  /** Name, floor and number folded (see foldText), for matching. */
  haystack: string;
  foldedName: string;
  foldedFloor: string;
}

/** Lower case without accents (and ß as ss): "Küche" and "KUCHE" both read "kuche". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

/**
 * The rooms of the menu that have a page (SMART rooms; a room in both areas once), in menu order.
 * The menu is built from the user's permissions, so the search offers only what the user may see.
 */
export function roomSearchEntries(
  menu: MenuItem[],
  label: (label: MenuLabel) => string,
): RoomEntry[] {
  const entries: RoomEntry[] = [];
  const seen = new Set<number>();
  for (const section of menu) {
    for (const floor of section.children ?? []) {
      const floorText = label(floor.label);
      const floorRaw = 'floor' in floor.label ? floor.label.floor : '';
      for (const room of floor.children ?? []) {
        if (room.roomId === undefined || !room.path || seen.has(room.roomId)) continue;
        seen.add(room.roomId);
        const name = label(room.label);
        entries.push({
          key: room.key,
          roomId: room.roomId,
          name,
          floor: floorText,
          path: room.path,
          foldedName: foldText(name),
          foldedFloor: foldText(`${floorText} ${floorRaw}`),
          haystack: foldText(`${name} ${floorText} ${floorRaw} ${room.roomId}`),
        });
      }
    }
  }
  return entries;
}

/**
 * The rooms matching `query` (every word of it found in the room's name, floor or number,
 * ignoring case and accents), best first: the room with exactly that number, then names that
 * start with the query, then names containing it, then rooms whose floor's name contains it
 * ("3. og" lists the 3. OG before the rooms named "… 3.…"), then the rest, each in menu order. At most
 * `limit` are returned; `total` counts all matches.
 */
export function searchRooms(
  entries: RoomEntry[],
  query: string,
  limit: number,
): { rooms: RoomEntry[]; total: number } {
  const folded = foldText(query.trim());
  if (folded === '') return { rooms: entries.slice(0, limit), total: entries.length };
  const words = folded.split(/\s+/);
  const scored: { entry: RoomEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    if (!words.every((word) => entry.haystack.includes(word))) return;
    const score =
      String(entry.roomId) === folded
        ? 0
        : entry.foldedName.startsWith(folded)
          ? 1
          : entry.foldedName.includes(folded)
            ? 2
            : entry.foldedFloor.includes(folded)
              ? 3
              : 4;
    scored.push({ entry, score, index });
  });
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  return { rooms: scored.slice(0, limit).map((s) => s.entry), total: scored.length };
}
