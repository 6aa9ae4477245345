import type { Room as WireRoom, Sensor } from '@raumregler/contract';
import { formatReportedAt, type LocalClock } from '../../platform/clock/local-time.js';

/**
 * `DEVICE_PROFILE=controme`: the simulated device answers in the shapes real Controme
 * Mini-Servers give (issue 33; docs/device-api.md "Real devices"), each by a fixed rule on the
 * room's id, so a test or a person knows which room shows which shape. The values are the clean
 * profile's for the same state: a string holds the number the clean answer gives, an integer mode
 * names the mode the room has, analog outputs give the same valve opening (`valvePercent`).
 */
export const CONTROME_RULES = {
  /** `temperatur` as a string ("21.3"): every third room (id divisible by 3). */
  temperatureAsText: (roomId: number) => roomId % 3 === 0,
  /** `luftfeuchte` as a string ("48.0"): rooms with an even id. */
  humidityAsText: (roomId: number) => roomId % 2 === 0,
  /** A window contact among the sensors (`wert` null, not a room sensor): ids divisible by 5. */
  windowContact: (roomId: number) => roomId % 5 === 0,
  /** `outs/` keys with a leading space (" 7"): rooms with an even id. */
  spacedOutputKey: (roomId: number) => roomId % 2 === 0,
  /** An analog gateway (0 shut, 100 fully open) instead of a relay (0/1): ids 1, 4, 7, … */
  analogOutput: (roomId: number) => roomId % 3 === 1,
} as const;

/** The modules whose offsets every room lists (all 0: the simulation has no offsets). */
const OFFSET_MODULES = ['Wetter', 'Heizflächenoptimierung', 'api', 'Funksollregelung'] as const;

const offsets = () =>
  Object.fromEntries(OFFSET_MODULES.map((module) => [module, { raum: 0, haus: 0 }]));

const MINUTE = 60_000;

/**
 * A sensor reports every 3, 4 or 5 minutes (by its seed), at a fixed phase: the instant of its
 * last report at or before `at`. Its `letzte_uebertragung` stays for that period, then moves.
 */
export function lastReport(at: number, seed: number): number {
  const period = 3 + (seed % 3);
  const phase = seed % period;
  const minute = Math.floor(at / MINUTE);
  return (Math.floor((minute - phase) / period) * period + phase) * MINUTE;
}

/** The output number of a room on its gateway (1–16), as the device numbers them. */
const outputNumber = (roomId: number) => ((roomId - 1) % 16) + 1;

/** A room's `ausgang` in `outs/`: relay 0/1 or analog 0/100, keys spaced by the rule. */
export function contromeOutputs(roomId: number, valveOpen: boolean): Record<string, number> {
  const key = `${CONTROME_RULES.spacedOutputKey(roomId) ? ' ' : ''}${outputNumber(roomId)}`;
  const open = CONTROME_RULES.analogOutput(roomId) ? 100 : 1;
  return { [key]: valveOpen ? open : 0 };
}

/**
 * `betriebsart` after a mode write: an integer, 0 cooling, 1 off, 2 heating, 3 on (a room
 * switched `on` that heats again). Named from the room's mode now, so it always says the mode
 * the room has.
 */
export function modeNumber(mode: string, switchedOn: boolean): number {
  const lower = mode.toLowerCase();
  if (lower === 'cooling') return 0;
  if (lower === 'off') return 1;
  return switchedOn ? 3 : 2;
}

/** What a Controme room has beyond the clean one: a number as text, or an integer mode. */
export type ContromeRoom = Omit<
  WireRoom,
  'temperatur' | 'luftfeuchte' | 'betriebsart' | 'sensoren'
> & {
  temperatur: number | string | null;
  luftfeuchte: number | string | null;
  betriebsart: string | number;
  sensoren: Sensor[];
};

/**
 * The clean wire room in the Controme shapes. `reportedAt` is the room sensor's last report
 * (epoch ms; null: never); `modeWrite` is null before any mode write, else whether it was `on`.
 */
export function contromeRoom(
  room: WireRoom,
  context: { now: number; clock: LocalClock; reportedAt: number | null; modeWrite: boolean | null },
): ContromeRoom {
  const { id } = room;
  const reported = (at: number | null, seed: number) =>
    at === null ? null : formatReportedAt(context.clock.toWall(lastReport(at, seed)));
  const sensoren = room.sensoren.map((sensor) => ({
    ...sensor,
    letzte_uebertragung: reported(context.reportedAt, id),
  }));
  if (CONTROME_RULES.windowContact(id)) {
    sensoren.push({
      name: `fk-${String(id).padStart(6, '0')}`,
      beschreibung: `Fensterkontakt ${room.name}`,
      wert: null,
      letzte_uebertragung: reported(context.now, id + 1),
      raumtemperatursensor: false,
    });
  }
  return {
    ...room,
    temperatur:
      room.temperatur !== null && CONTROME_RULES.temperatureAsText(id)
        ? room.temperatur.toFixed(1)
        : room.temperatur,
    total_offset: 0,
    offsets: offsets(),
    sensoren,
    luftfeuchte:
      room.luftfeuchte !== null && CONTROME_RULES.humidityAsText(id)
        ? room.luftfeuchte.toFixed(1)
        : room.luftfeuchte,
    betriebsart:
      context.modeWrite === null
        ? room.betriebsart
        : modeNumber(room.betriebsart, context.modeWrite),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const GERMAN_FIELDS: Record<string, string> = {
  ziel: 'Zieltemperatur (ziel)',
  soll: 'Solltemperatur (soll)',
  duration: 'Dauer (duration)',
  until: 'Ende (until)',
  value: 'Betriebsart (value)',
  action: 'Aktion (action)',
};

/**
 * The German reason of a refused write, from the clean answer's field and English message
 * (`ziel must be between 5 and 30 °C.`); null field: the room does not exist.
 */
export function germanReason(refusal: { field: string; message: string } | { roomId: string }) {
  if ('roomId' in refusal) return `Raum ${refusal.roomId.slice(0, 20)} existiert nicht`;
  const name = GERMAN_FIELDS[refusal.field] ?? refusal.field;
  const reason = refusal.message.replace(/\.$/, '').slice(refusal.field.length + 1);
  if (reason === 'is required') return `${name} fehlt`;
  if (reason.startsWith('must be a decimal number')) return `${name} ist keine Zahl`;
  const between = /^must be between (\S+) and (\S+) °C$/.exec(reason);
  if (between) return `${name} muss zwischen ${between[1]} und ${between[2]} °C liegen`;
  return `${name} ist ungültig`;
}

/**
 * The page a Controme device answers a refused write with (status 200): a long HTML page of its
 * web interface whose title and first heading give the reason.
 */
export function refusalPage(reason: string): string {
  const text = escapeHtml(reason);
  const menu = [
    'Übersicht',
    'Räume',
    'Heizprogramm',
    'Zeitschaltuhr',
    'Module',
    'Hardware',
    'Einstellungen',
    'Hilfe',
  ]
    .map((item) => `        <li><a href="/m_setup/${encodeURIComponent(item)}/">${item}</a></li>`)
    .join('\n');
  const help = Array.from(
    { length: 12 },
    (_, i) =>
      `      <p class="hint">Hinweis ${i + 1}: Bitte prüfen Sie die Eingabe und versuchen Sie es erneut. ` +
      'Werte werden nur übernommen, wenn sie im erlaubten Bereich liegen und der Raum existiert.</p>',
  ).join('\n');
  return `<!DOCTYPE html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <title>${text}</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="stylesheet" href="/static/css/controme.css">
  </head>
  <body>
    <div id="wrapper">
      <h1>${text}</h1>
      <ul class="menu">
${menu}
      </ul>
      <div class="content">
${help}
      </div>
    </div>
  </body>
</html>
`;
}
