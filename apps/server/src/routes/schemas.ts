/**
 * Response schemas of the device API: Fastify serializes with fast-json-stringify from these
 * (much faster than JSON.stringify on the polled temps list) and they pin numbers as numbers.
 */
const nullableNumber = { type: ['number', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const roomSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    temperatur: nullableNumber,
    solltemperatur: { type: 'number' },
    perm_solltemperatur: { type: 'number' },
    total_offset: { type: 'number' },
    offsets: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { raum: { type: 'number' }, haus: { type: 'number' } },
      },
    },
    sensoren: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          beschreibung: { type: 'string' },
          wert: nullableNumber,
          letzte_uebertragung: nullableString,
          raumtemperatursensor: { type: 'boolean' },
        },
      },
    },
    luftfeuchte: nullableNumber,
    betriebsart: { type: 'string' },
    is_temporary_mode: { type: 'boolean' },
    remaining_time: { type: ['integer', 'null'] },
    mode_end_datetime: nullableString,
    next_temperature: nullableNumber,
    next_due_time: nullableString,
  },
} as const;

const floorOf = (room: object) =>
  ({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        etagenname: { type: 'string' },
        raeume: { type: 'array', items: room },
      },
    },
  }) as const;

export const floorsSchema = floorOf(roomSchema);

export const roomNamesSchema = floorOf({
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
});

export const outputsSchema = floorOf({
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    ausgang: { type: 'object', additionalProperties: { type: 'integer' } },
  },
});
