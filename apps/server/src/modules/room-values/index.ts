import { readMode, valvesByRoom } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import { buildingViews, type House } from '../building/index.js';
import type { PolledRoom } from '../proxy/index.js';

/**
 * One room as it is now: the values its `temps/` and `outs/` answers give. The metrics
 * (`GET /metrics`) and Home Assistant (modules/homeassistant) read the rooms through this one
 * source.
 */
export interface RoomNow {
  id: number;
  name: string;
  floor: string;
  temperature: number | null;
  target: number | null;
  humidity: number | null;
  /** Percent, by the contract's `valvePercent` of the room's outputs; null without outputs. */
  valve: number | null;
  /** The operating mode as the contract reads `betriebsart`: "Heating", "Cooling", "Off" … */
  mode: string;
}

const finite = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Where the rooms' values come from: in simulation (and in mqtt mode, where the devices feed
 * the rooms) the building's `temps/` and `outs/` views (what the overview reads), in proxy mode
 * the device's last useful poll (`app.upstreamOf(house)`, what the history and the alarms read).
 * Before the first poll, proxy mode knows no rooms.
 */
export function roomSource(app: FastifyInstance, house: House): () => readonly RoomNow[] {
  if (app.deviceOf(house).kind === 'proxy') {
    const poll = app.upstreamOf(house);
    // The rooms of the last poll, whenever the caller first asks (also after that poll).
    let seen: readonly PolledRoom[] | null = null;
    let rooms: readonly RoomNow[] = [];
    return () => {
      const polled = poll.latest();
      if (polled !== seen) {
        seen = polled;
        rooms = (polled ?? []).map((room) => ({
          id: room.id,
          name: String(room.name ?? room.id),
          floor: String(room.floorName ?? ''),
          temperature: finite(room.temperatur),
          target: finite(room.solltemperatur),
          humidity: finite(room.luftfeuchte),
          valve: room.valve,
          mode: readMode(room.betriebsart),
        }));
      }
      return rooms;
    };
  }
  const views = buildingViews(app, house);
  return () => {
    const valves = valvesByRoom(views.outs());
    const list: RoomNow[] = [];
    for (const floor of views.temps()) {
      for (const room of floor.raeume) {
        list.push({
          id: room.id,
          name: room.name,
          floor: floor.etagenname,
          temperature: room.temperatur,
          target: room.solltemperatur,
          humidity: room.luftfeuchte,
          valve: valves.get(room.id) ?? null,
          mode: readMode(room.betriebsart),
        });
      }
    }
    return list;
  };
}
