import type { AuditRoomAction } from '@raumregler/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestSource } from '../audit/index.js';
import { parseBasicAuth } from '../../platform/auth/plugin.js';

const WRITE_PATH = /^\/set\/json\/v1\/[^/]+\/(ziel|soll|resettemp|rooms)\/(\d{1,9})\/?(?:\?|$)/;

/** The text fields of a forwarded form body (urlencoded or multipart); empty when neither. */
async function formFields(request: FastifyRequest): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  const type = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body)) return fields;
  try {
    if (/^application\/x-www-form-urlencoded/i.test(type)) {
      for (const [key, value] of new URLSearchParams(request.body.toString('utf8'))) {
        if (!fields.has(key)) fields.set(key, value);
      }
    } else if (/^multipart\/form-data/i.test(type)) {
      const form = await new Response(request.body, {
        headers: { 'content-type': type },
      }).formData();
      for (const [key, value] of form) {
        if (typeof value === 'string' && !fields.has(key)) fields.set(key, value);
      }
    }
  } catch {
    // A body the device took but we cannot read: the entry records what is known.
  }
  return fields;
}

const number = (text: string | undefined) => {
  const value = Number((text ?? '').trim().replace(',', '.'));
  return text !== undefined && Number.isFinite(value) ? value : null;
};

/**
 * Proxy mode's audit entry for a write the device answered 2xx: user from the Basic header or
 * the form field, after from the request (the device's answer, when it is a room, gives the
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
  const fields = await formFields(request);
  const method = match[1]!;
  if (method === 'rooms' && fields.get('action')?.toLowerCase() !== 'betriebsart') return;
  const action: AuditRoomAction = method === 'rooms' ? 'betriebsart' : (method as AuditRoomAction);
  const user =
    parseBasicAuth(request.headers.authorization)?.username ?? fields.get('user') ?? null;
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
    await app.commit(() =>
      app.audit.record({
        user,
        source: requestSource(request),
        action,
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
