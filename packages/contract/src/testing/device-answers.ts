/**
 * Device answers for tests (issue 33): the same small building once as our server answers
 * (`clean…`) and once as a real Controme Mini-Server does (`controme…`: the shapes public
 * clients of live devices handle, listed in docs/device-api.md). Read through the contract's
 * reader (`device-reader.ts`), each `controme…` answer gives exactly its `clean…` twin.
 */
import type { Floor, FloorOutputs, Room, Sensor } from '../device.js';

const livingRoom: Room = {
  id: 1,
  name: 'Wohnzimmer',
  temperatur: 21.25,
  solltemperatur: 21.5,
  perm_solltemperatur: 21.5,
  total_offset: -0.5,
  offsets: {
    Wetter: { raum: -0.5, haus: 0 },
    Heizflächenoptimierung: { raum: 0, haus: 0 },
    api: { raum: 0, haus: 0 },
    Funksollregelung: { raum: 0, haus: 0 },
  },
  sensoren: [
    {
      name: '28_ff_4b_16_71_16_04_a5',
      beschreibung: 'Wohnzimmer Raumfühler',
      wert: 21.25,
      letzte_uebertragung: '27.11.2026 01:12',
      raumtemperatursensor: true,
    },
  ],
  luftfeuchte: 48.5,
  betriebsart: 'Heating',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: 18,
  next_due_time: '2026-11-27 22:00',
};

const kitchen: Room = {
  id: 2,
  name: 'Küche',
  temperatur: 22,
  solltemperatur: 23,
  perm_solltemperatur: 20,
  total_offset: 0,
  offsets: {},
  sensoren: [
    {
      name: '28_ff_11_22',
      beschreibung: 'Küche',
      wert: 22,
      letzte_uebertragung: '27.11.2026 01:10',
      raumtemperatursensor: true,
    },
    // A window contact: no value is its normal state, not a lost sensor.
    {
      name: 'fk_0815',
      beschreibung: 'Fensterkontakt Küche',
      wert: null,
      letzte_uebertragung: '26.11.2026 07:41',
      raumtemperatursensor: false,
    },
  ],
  luftfeuchte: 52,
  betriebsart: 'Heating',
  is_temporary_mode: true,
  remaining_time: 1800,
  mode_end_datetime: '2026-11-27T01:45:00',
  next_temperature: null,
  next_due_time: null,
};

const bath: Room = {
  id: 3,
  name: 'Bad OG',
  temperatur: 19.5,
  solltemperatur: 22,
  perm_solltemperatur: 22,
  total_offset: 0,
  offsets: {},
  sensoren: [],
  luftfeuchte: 61.5,
  betriebsart: 'Off',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: null,
  next_due_time: null,
};

const hall: Room = {
  id: 4,
  name: 'Flur OG',
  temperatur: null,
  solltemperatur: 18,
  perm_solltemperatur: 18,
  total_offset: 0,
  offsets: {},
  sensoren: [],
  luftfeuchte: null,
  betriebsart: 'Cooling',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: null,
  next_due_time: null,
};

const office: Room = {
  id: 5,
  name: 'Büro',
  temperatur: 20.8,
  solltemperatur: 21,
  perm_solltemperatur: 21,
  total_offset: 0,
  offsets: {},
  sensoren: [],
  luftfeuchte: 45,
  betriebsart: 'Heating',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: null,
  next_due_time: null,
};

/** `temps/` as our server answers it. */
export const cleanTemps: Floor[] = [
  { id: 1, etagenname: 'EG', raeume: [livingRoom, kitchen] },
  { id: 2, etagenname: 'OG', raeume: [bath, hall, office] },
];

/** `temps/` as a real device answers the same building. */
export const contromeTemps: unknown = [
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      // Humidity as text; the mode as the integer a client's mode write leaves (2: heating).
      { ...livingRoom, luftfeuchte: '48.5', betriebsart: 2 },
      {
        ...kitchen,
        temperatur: '22.0',
        luftfeuchte: '52',
        remaining_time: '1800',
        // A device lists the modules it runs; ours adds none.
        offsets: {},
      },
    ],
  },
  {
    id: 2,
    etagenname: 'OG',
    raeume: [
      // German decimal comma; mode 1 (off); no offsets, sensors or next switch at all.
      {
        id: 3,
        name: 'Bad OG',
        temperatur: '19,5',
        solltemperatur: 22,
        perm_solltemperatur: 22,
        luftfeuchte: '61,5',
        betriebsart: 1,
        is_temporary_mode: false,
        remaining_time: null,
        mode_end_datetime: null,
      },
      // No sensor: the device's words where a number would be; mode 0 (cooling).
      {
        ...hall,
        temperatur: 'kein Sensor vorhanden',
        luftfeuchte: '',
        betriebsart: 0,
      },
      // Mode 3 ("on") reads as heating; the id as text.
      { ...office, id: '5', luftfeuchte: '45', betriebsart: 3 },
      // A room without a usable id is left out, not the list.
      { id: null, name: 'Gerät ohne Raum', solltemperatur: 20, perm_solltemperatur: 20 },
    ],
  },
];

/** `temps/{roomId}/` as our server answers it: the one room, in a list. */
export const cleanRoomAnswer: Room[] = [kitchen];

/** `temps/{roomId}/` as a device answers it: a one-element array of the room in its shapes. */
export const contromeRoomAnswer: unknown = [
  (contromeTemps as { raeume: unknown[] }[])[0]!.raeume[1],
];

/** `outs/` as our server answers it: relays, open (1) or shut (0). */
export const cleanOuts: FloorOutputs[] = [
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      { id: 1, name: 'Wohnzimmer', ausgang: { '14': 1, '15': 0 } },
      { id: 2, name: 'Küche', ausgang: { '3': 45, '4': 60 } },
    ],
  },
  {
    id: 2,
    etagenname: 'OG',
    raeume: [
      { id: 3, name: 'Bad OG', ausgang: {} },
      { id: 4, name: 'Flur OG', ausgang: { '7': 0 } },
      { id: 5, name: 'Büro', ausgang: { '8': 99 } },
    ],
  },
];

/** `outs/` as a device answers it: keys with a leading space, analog openings, text values. */
export const contromeOuts: unknown = [
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      { id: 1, name: 'Wohnzimmer', ausgang: { ' 14': 1, ' 15': 0 } },
      { id: 2, name: 'Küche', ausgang: { ' 3': 45, ' 4': '60' } },
    ],
  },
  {
    id: 2,
    etagenname: 'OG',
    raeume: [
      { id: 3, name: 'Bad OG' },
      { id: 4, name: 'Flur OG', ausgang: { ' 7': 0 } },
      { id: 5, name: 'Büro', ausgang: { ' 8': 99 } },
    ],
  },
];

/**
 * Any `temps/` answer of ours in a real device's shapes, room by room by a fixed rule (for
 * benches and tests on big buildings): numbers as text (humidity with a point on even ids, a
 * comma on odd ones; the temperature as text), the mode as its integer, the id as text on
 * every third room, the offsets and the next switch left out where they are neutral. Read
 * back, it gives the answer itself (add a `windowContact` to the clean rooms first to have one).
 */
export function asContromeTemps(floors: readonly Floor[]): unknown[] {
  const modes: Record<string, number> = { cooling: 0, off: 1, heating: 2 };
  return floors.map((floor) => ({
    ...floor,
    raeume: floor.raeume.map((room) => {
      const real: Record<string, unknown> = {
        ...room,
        id: room.id % 3 === 0 ? String(room.id) : room.id,
        temperatur: room.temperatur === null ? 'kein Sensor vorhanden' : String(room.temperatur),
        luftfeuchte:
          room.luftfeuchte === null
            ? null
            : room.id % 2 === 0
              ? String(room.luftfeuchte)
              : String(room.luftfeuchte).replace('.', ','),
        betriebsart: modes[room.betriebsart.toLowerCase()] ?? room.betriebsart,
      };
      if (room.total_offset === 0 && Object.keys(room.offsets).length === 0) {
        delete real.total_offset;
        delete real.offsets;
      }
      if (room.next_temperature === null && room.next_due_time === null) {
        delete real.next_temperature;
        delete real.next_due_time;
      }
      return real;
    }),
  }));
}

/** A window contact of room `roomId`: no value, as is normal for one. */
export const windowContact = (roomId: number): Sensor => ({
  name: `fk_${roomId}`,
  beschreibung: 'Fensterkontakt',
  wert: null,
  letzte_uebertragung: '26.11.2026 07:41',
  raumtemperatursensor: false,
});
