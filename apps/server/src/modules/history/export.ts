import type { House } from '../building/index.js';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inScope } from '@raumregler/contract';
import {
  formatReportedAt,
  toOffsetIso,
  wallToEpoch,
  type LocalClock,
} from '../../platform/clock/local-time.js';
import { csvCell, csvLine, type CsvDialect } from '../../platform/http/csv.js';
import type { UserRecord } from '../../platform/auth/users.js';
import {
  DAY_MS,
  HOUR_MS,
  meansBy,
  parseStep,
  QUARTER_SECONDS,
  type HistorySample,
} from './rules.js';

/** A room of the export, with its floor. */
export interface ExportRoom {
  id: number;
  name: string;
  floorId: number;
  floorName: string;
}

export type ExportLanguage = 'de' | 'en';

/** The export's longest span: at least 400 days, and all the history the server keeps. */
export const exportMaxDays = (historyDays: number) => Math.max(400, historyDays) + 1;

/** Each room's span is read in pieces of at most this many days (ending on local midnights). */
const PIECE_DAYS = 31;

const HEADERS: Record<ExportLanguage, readonly string[]> = {
  de: ['Raum', 'Geschoss', 'Zeit', 'Temperatur', 'Ziel', 'Luftfeuchte', 'Ventil'],
  en: ['room', 'floor', 'time', 'temperature', 'target', 'humidity', 'valve'],
};
const DIALECTS: Record<ExportLanguage, CsvDialect> = {
  de: { separator: ';', decimalComma: true },
  en: { separator: ',', decimalComma: false },
};
const BOM = '\uFEFF';

/**
 * The rooms a user's export covers, in room order (floors in their order, rooms in theirs),
 * on one floor or all: only the rooms of the user's scope (issue 34, the contract's `inScope`).
 */
export function exportRooms(
  all: readonly ExportRoom[],
  user: Pick<UserRecord, 'floors' | 'rooms'>,
  floorId: number | null,
): ExportRoom[] {
  return all.filter(
    (room) =>
      (floorId === null || room.floorId === floorId) &&
      inScope(user, { id: room.id, floor: room.floorId }),
  );
}

/** The start (epoch ms) of the step bucket `time` lies in: local hours and days. */
export function bucketStart(clock: LocalClock, stepSeconds: number) {
  if (stepSeconds === DAY_MS / 1000) return localDayStart(clock);
  if (stepSeconds === HOUR_MS / 1000) {
    return (time: number) => time - (clock.toWall(time) % HOUR_MS);
  }
  const stepMs = stepSeconds * 1000;
  return (time: number) => time - (time % stepMs);
}

/**
 * The instant of local midnight of the day `time` lies in (a day of 23 or 25 hours where the
 * clocks change), remembered per day. A zone whose midnight is skipped (none in Europe) starts
 * that day at its first instant after the skipped hour.
 */
export function localDayStart(clock: LocalClock) {
  const starts = new Map<number, number>();
  return (time: number) => {
    const day = Math.floor(clock.toWall(time) / DAY_MS);
    let start = starts.get(day);
    if (start === undefined) {
      const midnight = day * DAY_MS;
      start = wallToEpoch(clock, midnight) ?? wallToEpoch(clock, midnight + HOUR_MS)!;
      if (starts.size > 10_000) starts.clear();
      starts.set(day, start);
    }
    return start;
  };
}

/**
 * Days per piece of a room's span: about 1,000 rows, at most 31 days. A piece's text then stays
 * under ~100 KB, a young string that dies young: no Buffer whose memory only a garbage
 * collection gives back (a stream of them held 60–80 MB until V8 collected), and not V8's
 * large-object space (decision 46).
 */
export const pieceDays = (stepSeconds: number) =>
  Math.max(1, Math.min(PIECE_DAYS, Math.floor((1000 * stepSeconds) / 86_400)));

export interface ExportRequest {
  rooms: readonly ExportRoom[];
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  stepSeconds: number;
  language: ExportLanguage;
}

/**
 * The export's text, room by room: a room's span is read in pieces (`pieceDays`) and each piece
 * is one chunk, so the server holds one piece at a time whatever the building
 * and the span (1,000 rooms × 400 days included). The rows of a room are the step's buckets
 * that start in [from, to): the room history's samples (raw) or 15-minute means, and for hours
 * and days the means of those quarters (`meansBy`, the quarters' rule). A turn of the event
 * loop after each room serves other requests meanwhile.
 */
export async function* exportChunks(
  request: ExportRequest,
  samplesOf: (
    roomId: number,
    from: number,
    to: number,
    means: boolean,
  ) => HistorySample[] | Promise<HistorySample[]>,
  clock: LocalClock,
  rawSeconds: number,
): AsyncGenerator<string> {
  const { rooms, from, to, stepSeconds, language } = request;
  const dialect = DIALECTS[language];
  const separator = dialect.separator;
  yield (language === 'de' ? BOM : '') + csvLine(HEADERS[language], dialect);
  const days = pieceDays(stepSeconds);
  const dayStart = localDayStart(clock);
  const bucketOf = bucketStart(clock, stepSeconds);
  const time =
    language === 'de'
      ? (epochMs: number) => formatReportedAt(clock.toWall(epochMs))
      : (epochMs: number) => toOffsetIso(clock, epochMs);
  const raw = stepSeconds === rawSeconds;
  const grouped = !raw && stepSeconds !== QUARTER_SECONDS;
  for (const room of rooms) {
    const prefix = csvCell(room.name, dialect) + separator + csvCell(room.floorName, dialect);
    for (let start = from; start < to;) {
      // Pieces end on local midnights, where no hour or day bucket straddles them.
      const next = dayStart(start + days * DAY_MS);
      const end = next > start ? Math.min(to, next) : to;
      // The store's ranges include their end; the export's does not.
      const read = await samplesOf(room.id, start, end - 1, !raw);
      const rows = grouped ? meansBy(read, bucketOf) : read;
      let text = '';
      for (const row of rows) {
        if (row.time < from) continue;
        text +=
          prefix +
          separator +
          time(row.time) +
          separator +
          csvCell(row.temperature, dialect) +
          separator +
          csvCell(row.target, dialect) +
          separator +
          csvCell(row.humidity, dialect) +
          separator +
          csvCell(row.valve, dialect) +
          '\r\n';
      }
      start = end;
      if (text !== '') yield text;
    }
    await nextTurn();
  }
}

/** The file name: the local dates of the first and the last day the export covers. */
export function exportFileName(
  clock: LocalClock,
  from: number,
  to: number,
  language: ExportLanguage,
  floorId: number | null,
): string {
  const date = (epochMs: number) => toOffsetIso(clock, epochMs).slice(0, 10);
  const last = date(Math.max(from, to - 1));
  const floor =
    floorId === null ? '' : language === 'de' ? `-geschoss-${floorId}` : `-floor-${floorId}`;
  return language === 'de'
    ? `verlauf-alle-raeume${floor}-${date(from)}-bis-${last}.csv`
    : `history-all-rooms${floor}-${date(from)}-to-${last}.csv`;
}

/** What the route needs besides the request: the steps it takes and how to read a room. */
export interface ExportContext {
  app: FastifyInstance;
  /** The rooms of the building in room order (the simulation's, or the device's last poll). */
  allRooms: (house: House) => Promise<ExportRoom[]>;
  span: (request: FastifyRequest, maxDays: number) => { start: number; end: number };
  invalid: (field: string, message: string) => Error;
  clock: LocalClock;
}

/**
 * `GET /api/history/export.csv?from=&to=&floor=&step=&lang=` (read; issue 32): every room in
 * the user's scope as one CSV, streamed.
 */
export async function sendExport(
  { app, allRooms, span, invalid, clock }: ExportContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const query = request.query as Record<string, unknown>;
  const rawSeconds = app.config.historyIntervalSeconds;
  const { start, end } = span(request, exportMaxDays(app.config.historyDays));
  const asked = parseStep(query.step, [rawSeconds, QUARTER_SECONDS, HOUR_MS / 1000, DAY_MS / 1000]);
  if (asked === null) {
    throw invalid('step', `step must be 15m, 1h, 1d or ${rawSeconds} (seconds).`);
  }
  const step = asked ?? HOUR_MS / 1000;
  if (step === rawSeconds && start < app.clock.now() - app.config.historyRawDays * DAY_MS) {
    throw invalid(
      'step',
      `step ${rawSeconds} covers the last ${app.config.historyRawDays} days only; ask for 15m.`,
    );
  }
  const lang = query.lang;
  if (lang !== undefined && lang !== '' && lang !== 'de' && lang !== 'en') {
    throw invalid('lang', 'lang must be de or en.');
  }
  const language: ExportLanguage =
    lang === 'de' || lang === 'en' ? lang : (request.user?.language ?? 'de');
  const floorText = query.floor;
  let floorId: number | null = null;
  const all = await allRooms(request.house);
  const history = app.historyOf(request.house);
  if (floorText !== undefined && floorText !== '') {
    if (typeof floorText !== 'string' || !/^\d{1,9}$/.test(floorText)) {
      throw invalid('floor', 'floor must be the id of a floor.');
    }
    floorId = Number(floorText);
    if (!all.some((room) => room.floorId === floorId)) {
      throw invalid('floor', `There is no floor ${floorId}.`);
    }
  }
  const rooms = exportRooms(all, request.user!, floorId);
  const chunks = exportChunks(
    { rooms, from: start, to: end, stepSeconds: step, language },
    async (roomId, from, to, means) => (await history.query(roomId, from, to, means)).samples,
    clock,
    rawSeconds,
  );
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${exportFileName(clock, start, end, language, floorId)}"`,
    )
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks, { highWaterMark: 2 }));
}
