import { perHouse, type House } from '../building/index.js';
import type { HistoryStatus } from '@raumregler/contract';
import {
  HistoryAnswerSchema,
  HistoryExportQuerySchema,
  HistoryQuerySchema,
  HistoryStatusSchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, parseStep, QUARTER_SECONDS, resolutionFor } from './rules.js';
import {
  firstInstant,
  parseWireTime,
  toOffsetIso,
  type LocalClock,
} from '../../platform/clock/local-time.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';
import { toCsv, wantsCsv } from '../../platform/http/csv.js';
import { csvAnswer, jsonOrCsvAnswer } from '../../platform/http/openapi.js';
import { historyAnswerJson } from './answer-json.js';
import { sendExport, type ExportContext, type ExportRoom } from './export.js';

const invalid = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: [message] });

const CSV_HEADER = ['time', 'temperature', 'target', 'humidity', 'valve'] as const;

const BUCKET_MS = 15 * 60_000;
/**
 * The device's clock with a memory as long as the history: a 30-day answer stamps 2,880 quarter
 * hours, more than the shared clock keeps (it would ask Intl again for most of them, ~40 ms).
 * UTC offsets change only on a quarter hour, so one lookup per quarter hour is exact.
 */
function rememberingClock(local: LocalClock): LocalClock {
  const offsets = new Map<number, number>();
  return {
    timeZone: local.timeZone,
    toWall: (epochMs) => {
      const bucket = Math.floor(epochMs / BUCKET_MS);
      let offset = offsets.get(bucket);
      if (offset === undefined) {
        if (offsets.size > 100_000) offsets.clear();
        offset = local.toWall(bucket * BUCKET_MS) - bucket * BUCKET_MS;
        offsets.set(bucket, offset);
      }
      return epochMs + offset;
    },
  };
}

/**
 * Ours (/api only): `GET /api/history/{roomId}/?from=&to=` (read) — a room's samples in time
 * order, raw while the span lies inside HISTORY_RAW_DAYS, else 15-minute means; JSON or CSV.
 * `GET /api/history/status` says whether the simulation's backfill is still running.
 */
const historyRoutes: FastifyPluginAsync<{ simulation: boolean }> = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', app.requireCapability('read'));

  /** A `from`/`to` query value: absent (undefined), or the instant it names; else 400. */
  const timeParam = (request: FastifyRequest, field: 'from' | 'to'): number | undefined => {
    const value = (request.query as Record<string, unknown>)[field];
    if (value === undefined || value === '') return undefined;
    const parsed = typeof value === 'string' ? parseWireTime(app.clock.local, value) : null;
    if (parsed === null) {
      throw invalid(
        field,
        `${field} must be a local time such as 2026-11-23T08:00 or 2026-11-23T08:00:00+01:00.`,
      );
    }
    return parsed;
  };

  const wireClock = rememberingClock(app.clock.local);
  /** Whether raw samples still cover a span starting at `start`. */
  const rawCovers = (start: number) =>
    resolutionFor(start, app.clock.now(), app.config.historyRawDays) === 'raw';

  /**
   * The span of `from` and `to` (the last 24 hours without either; up to now with `from`
   * alone); 400 when `to` is before `from` or they lie more than `maxDays` apart.
   */
  const span = (request: FastifyRequest, maxDays: number) => {
    const from = timeParam(request, 'from');
    const to = timeParam(request, 'to') ?? (from === undefined ? app.clock.now() : undefined);
    const end = to ?? app.clock.now();
    const start = from ?? end - DAY_MS;
    if (end < start) throw invalid('to', 'to must not be before from.');
    if (end - start > maxDays * DAY_MS) {
      throw invalid('from', `from and to may be at most ${maxDays} days apart.`);
    }
    // A user's history starts at their first day (issue 34): a new tenant does not see the
    // previous tenant's temperatures. A span before it is empty.
    const first = firstInstant(app.clock.local, request.user!.validFrom);
    return first > start ? { start: Math.min(first, end), end } : { start, end };
  };

  // Proxy mode (each building in front of a Controme server): the rooms of its device's last
  // poll, with their floors, in its order.
  const polledOf = perHouse((house: House) => {
    const last: { rooms: ExportRoom[] | null } = { rooms: null };
    app.upstreamOf(house).subscribe((rooms) => {
      last.rooms = rooms.map((room) => ({
        id: room.id,
        name: String(room.name ?? room.id),
        floorId: room.floorId,
        floorName: String(room.floorName ?? ''),
      }));
    });
    return last;
  });
  /** A building fed by a device's poll (proxy mode). */
  const polledHouse = (house: House) => app.deviceOf(house).kind === 'proxy';
  app.houses.each((house) => {
    if (polledHouse(house)) polledOf(house);
  });
  const allRooms = async (house: House): Promise<ExportRoom[]> => {
    if (polledHouse(house)) {
      // Before the first poll after a restart: the rooms with history, known by their ids.
      return (
        polledOf(house).rooms ??
        (await app.historyOf(house).store.roomIds()).map((id) => ({
          id,
          name: String(id),
          floorId: 0,
          floorName: '',
        }))
      );
    }
    const building = house.building;
    const floors = building.listFloors();
    const rooms = building.listRooms();
    return floors.flatMap((floor) =>
      rooms
        .filter((room) => room.floorId === floor.id)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((room) => ({
          id: room.id,
          name: room.name,
          floorId: floor.id,
          floorName: floor.name,
        })),
    );
  };
  const exportContext: ExportContext = { app, allRooms, span, invalid, clock: wireClock };
  app.get(
    '/export.csv',
    {
      config: {
        docs: {
          summary: 'Every room of the user’s scope as one CSV (streamed)',
          query: HistoryExportQuerySchema,
          response: { 200: csvAnswer('One line per room and step.') },
        },
      },
    },
    (request, reply) => sendExport(exportContext, request, reply),
  );

  app.get(
    '/status',
    {
      config: { docs: { summary: 'Whether the simulation’s history backfill still runs' } },
      schema: { response: { 200: HistoryStatusSchema } },
    },
    (request): HistoryStatus => ({
      backfill: app.historyOf(request.house).backfillStatus(),
    }),
  );

  app.get(
    '/:roomId',
    {
      config: {
        docs: {
          summary: 'A room’s temperatures, targets, humidity and valve over time (JSON or CSV)',
          query: HistoryQuerySchema,
          response: {
            200: jsonOrCsvAnswer(HistoryAnswerSchema, 'The samples in time order.'),
          },
          errors: [404],
        },
      },
      schema: { response: { 200: HistoryAnswerSchema } },
    },
    async (request, reply): Promise<FastifyReply | string> => {
      const id = (request.params as { roomId?: string }).roomId ?? '';
      if (!/^\d{1,9}$/.test(id)) {
        throw new HttpError(400, 'bad_request', 'The room id must be a whole number.');
      }
      const roomId = Number(id);
      const history = app.historyOf(request.house);
      if (!(await history.hasRoom(roomId))) throw unknownRoom();
      // A room outside the user's scope (issue 34): 403.
      app.roomAccess.require(request, 'read', roomId);
      const { start, end } = span(request, app.config.historyDays);
      // ?step=900 asks for 15-minute means of a span the raw samples would cover too (a 7-day
      // chart needs 672 points, not 10,080); the raw interval or nothing: as the span decides.
      const rawSeconds = app.config.historyIntervalSeconds;
      const step = parseStep((request.query as Record<string, unknown>).step, [
        rawSeconds,
        QUARTER_SECONDS,
      ]);
      if (step === null) {
        throw invalid('step', `step must be ${rawSeconds} or 900 (seconds).`);
      }
      if (step === rawSeconds && !rawCovers(start)) {
        throw invalid(
          'step',
          `step ${rawSeconds} covers the last ${app.config.historyRawDays} days only; ask for 900.`,
        );
      }
      const { stepSeconds, samples } = await history.query(
        roomId,
        start,
        end,
        step === QUARTER_SECONDS,
      );
      const local = wireClock;
      if (wantsCsv(request)) {
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="history-room-${roomId}.csv"`);
        return toCsv(
          CSV_HEADER,
          samples.map((s) => [
            toOffsetIso(local, s.time),
            s.temperature,
            s.target,
            s.humidity,
            s.valve,
          ]),
        );
      }
      const head = {
        room: roomId,
        from: toOffsetIso(local, start),
        to: toOffsetIso(local, end),
        stepSeconds,
      };
      // The route's response schema stays the contract: answer-json.ts writes the same text
      // (its test holds them equal), as bytes outside V8's heap (decision 46).
      return reply
        .type('application/json; charset=utf-8')
        .send(historyAnswerJson(head, samples, local));
    },
  );
};

export default historyRoutes;
