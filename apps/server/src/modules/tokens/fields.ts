import { isDay, TOKEN_NAME_MAX, type TokenAccess, type TokenPayload } from '@raumregler/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/error-handler.js';
import type { TokenMessageKey, TokenTranslate } from './messages.js';

/** One text field of a form body (a repeated field: its first value); anything else is absent. */
function text(request: FastifyRequest, name: Extract<keyof TokenPayload, string>) {
  const body = request.body;
  if (body === null || typeof body !== 'object') return undefined;
  let value: unknown = (body as Record<string, unknown>)[name];
  if (Array.isArray(value)) value = value[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The fields of `POST /api/tokens/`, checked with a message per field (400 `validation_failed`
 * with all of them): `name` 1–100 characters, `access` `read`|`write` and no more than the owner
 * may do, `expires` empty or a day that is not past.
 */
export function readTokenFields(
  request: FastifyRequest,
  t: TokenTranslate,
  { mayWrite, today }: { mayWrite: boolean; today: string },
): { name: string; access: TokenAccess; expires: string | null } {
  const messages: Record<string, string[]> = {};
  const add = (field: string, key: TokenMessageKey) => (messages[field] ??= []).push(t(key));

  const name = text(request, 'name')?.trim() ?? '';
  if (name === '') add('name', 'nameRequired');
  else if (name.length > TOKEN_NAME_MAX) add('name', 'nameMax');

  const access = text(request, 'access')?.trim() ?? '';
  if (access !== 'read' && access !== 'write') add('access', 'access');
  else if (access === 'write' && !mayWrite) add('access', 'accessAboveOwner');

  const day = text(request, 'expires')?.trim() ?? '';
  if (day !== '' && !isDay(day)) add('expires', 'day');
  else if (day !== '' && day < today) add('expires', 'past');

  if (Object.keys(messages).length > 0) {
    const first = Object.values(messages)[0]?.[0];
    throw new HttpError(400, 'validation_failed', first ?? t('invalid'), messages);
  }
  return { name, access: access as TokenAccess, expires: day === '' ? null : day };
}
