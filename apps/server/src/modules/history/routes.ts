import type { HistoryStatus } from '@raumregler/contract';
import { HistoryAnswerSchema, HistoryStatusSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, resolutionFor } from './rules.js';
import { parseWireTime, toOffsetIso, type LocalClock } from '../../platform/clock/local-time.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';
import { toCsv, wantsCsv } from '../../platform/http/csv.js';
import { historyAnswerJson } from './answer-json.js';

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
const historyRoutes: FastifyPluginAsync = async (app) => {
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

  app.get('/status', { schema: { response: { 200: HistoryStatusSchema } } }, (): HistoryStatus => ({
    backfill: app.history.backfillStatus(),
  }));

  app.get(
    '/:roomId',
    { schema: { response: { 200: HistoryAnswerSchema } } },
    async (request, reply): Promise<FastifyReply | string> => {
      const id = (request.params as { roomId?: string }).roomId ?? '';
      if (!/^\d{1,9}$/.test(id)) {
        throw new HttpError(400, 'bad_request', 'The room id must be a whole number.');
      }
      const roomId = Number(id);
      if (!app.history.hasRoom(roomId)) throw unknownRoom();
      const from = timeParam(request, 'from');
      const to = timeParam(request, 'to') ?? (from === undefined ? app.clock.now() : undefined);
      const end = to ?? app.clock.now();
      const start = from ?? end - DAY_MS;
      if (end < start) throw invalid('to', 'to must not be before from.');
      const maxDays = app.config.historyDays;
      if (end - start > maxDays * DAY_MS) {
        throw invalid('from', `from and to may be at most ${maxDays} days apart.`);
      }
      // ?step=900 asks for 15-minute means of a span the raw samples would cover too (a 7-day
      // chart needs 672 points, not 10,080); the raw interval or nothing: as the span decides.
      const step = (request.query as Record<string, unknown>).step;
      const raw = String(app.config.historyIntervalSeconds);
      if (step !== undefined && step !== '' && step !== raw && step !== '900') {
        throw invalid('step', `step must be ${raw} or 900 (seconds).`);
      }
      if (
        step === raw &&
        resolutionFor(start, app.clock.now(), app.config.historyRawDays) !== 'raw'
      ) {
        throw invalid(
          'step',
          `step ${raw} covers the last ${app.config.historyRawDays} days only; ask for 900.`,
        );
      }
      const { stepSeconds, samples } = app.history.query(roomId, start, end, step === '900');
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
