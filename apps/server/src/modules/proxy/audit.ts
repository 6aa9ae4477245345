import type { AuditRoomAction } from '@raumregler/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestSource } from '../audit/index.js';

const WRITE_PATH = /^\/set\/json\/v1\/[^/]+\/(ziel|soll|resettemp|rooms)\/(\d{1,9})\/?(?:\?|$)/;

/** The text fields of a forwarded write, as our body parsers read them (routes.ts). */
function formFields(request: FastifyRequest): Map<string, string> {
  const fields = new Map<string, string>();
  const body = request.body;
  if (!body || typeof body !== 'object') return fields;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' || typeof value === 'number') fields.set(key, String(value));
  }
  return fields;
}

const number = (text: string | undefined) => {
  const value = Number((text ?? '').trim().replace(',', '.'));
  return text !== undefined && Number.isFinite(value) ? value : null;
};

/**
 * Proxy mode's audit entry for a write the device answered 2xx: user is our signed-in user
 * (the device only ever sees the device account), after from the request (the device's answer, when it is a room, gives the
 * room's name), before unknown (null). Written once the device has answered, before our answer,
 * so a crash between the two can lose the entry; changes made at the device itself are not seen.
 */
export async function recordForwardedWrite(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  answer: Buffer,
): Promise<void> {
  if (request.method !== 'POST') return;
  const match = WRITE_PATH.exec(path);
  if (!match) return;
  const fields = formFields(request);
  const method = match[1]!;
  if (method === 'rooms' && fields.get('action')?.toLowerCase() !== 'betriebsart') return;
  const action: AuditRoomAction = method === 'rooms' ? 'betriebsart' : (method as AuditRoomAction);
  const user = request.user?.username ?? null;
  let roomName: string | null = null;
  try {
    const room = JSON.parse(answer.toString('utf8')) as { name?: unknown };
    if (typeof room?.name === 'string') roomName = room.name;
  } catch {
    // Not JSON: the name stays unknown.
  }
  const duration = number(fields.get('duration'));
  const after: Record<string, unknown> =
    action === 'ziel'
      ? { target: number(fields.get('ziel')), temporary: true }
      : action === 'soll'
        ? { target: number(fields.get('soll')), temporary: false }
        : action === 'resettemp'
          ? { temporary: false }
          : { mode: fields.get('value') ?? null };
  try {
    await app.commit(
      async (tx) =>
        await app.audit.record(tx, {
          user,
          source: requestSource(request),
          action,
          // The building the write went to (else the log's default, the server's own).
          houseId: request.house.id,
          roomId: Number(match[2]),
          roomName,
          floorName: null,
          before: null,
          after,
          durationMinutes: action === 'ziel' ? (duration && duration > 0 ? duration : 60) : null,
        }),
    );
  } catch (error) {
    // The device has changed the room already: the user's write stands, the entry is lost.
    request.log.error({ err: error }, 'could not record a forwarded write in the audit log');
  }
}
