import { DEVICE_REFUSED_NO_REASON } from '@raumregler/contract';
import type { IntlShape } from 'react-intl';
import type { ApiError } from './api-error';

/** What the API client says when the controller sent no message of its own. */
const GENERIC_MESSAGES = new Set(['An error occurred.', 'Network Error', 'Timeout Error', '']);

/** 403 messages of our controller (apps/server/src/plugins/auth.ts), by capability. */
const KNOWN_REFUSALS: Record<string, string> = {
  'You may not see this building.': 'error.reason.mayNotRead',
  'You may not change temperatures.': 'error.reason.mayNotWrite',
  'You may not manage this building.': 'error.reason.mayNotManage',
  // Issue 34: a room outside the user's scope.
  'You may not see or change this room.': 'error.reason.notYourRoom',
};

const number = (intl: IntlShape, text: string) => intl.formatNumber(Number(text));

/**
 * One validation message of the controller ("ziel must be between 5 and 22 °C.") in the
 * user's language where we know its wording, else as the controller wrote it.
 */
function validationReason(intl: IntlShape, text: string): string {
  const range = /must be between (-?[\d.]+) and (-?[\d.]+) °C/.exec(text);
  if (range)
    return intl.formatMessage(
      { id: 'error.reason.targetRange' },
      { min: number(intl, range[1]!), max: number(intl, range[2]!) },
    );
  const minutes = /must be from (\d+) to (\d+) minutes/.exec(text);
  if (minutes)
    return intl.formatMessage(
      { id: 'error.reason.durationRange' },
      { min: number(intl, minutes[1]!), max: number(intl, minutes[2]!) },
    );
  const days = /must be at most (\d+) days ahead/.exec(text);
  if (days)
    return intl.formatMessage({ id: 'error.reason.untilMax' }, { days: number(intl, days[1]!) });
  if (/must be at least 1 minute ahead/.test(text))
    return intl.formatMessage({ id: 'error.reason.untilMin' });
  if (/must be a local time YYYY-MM-DDTHH:MM:SS/.test(text))
    return intl.formatMessage({ id: 'error.reason.untilFormat' });
  if (/the clocks skip it for summer time/.test(text))
    return intl.formatMessage({ id: 'error.reason.untilSkipped' });
  if (/must be a decimal number/.test(text))
    return intl.formatMessage({ id: 'error.reason.notANumber' });
  if (/must be one of heating, cooling, off, on/.test(text))
    return intl.formatMessage({ id: 'error.reason.mode' });
  return text;
}

/**
 * "Erlaubt sind 16,0–23,0 °C in diesem Raum.": the limits as the server's message (or its
 * `messages`) names them ("… (erlaubt 16,0–23,0 °C)."), in the user's language.
 */
function outsideLimitsReason(intl: IntlShape, apiError: ApiError): string {
  const texts = [
    typeof apiError.message === 'string' ? apiError.message : '',
    ...Object.values(apiError.messages ?? {}).flat(),
  ];
  for (const text of texts) {
    const limits = typeof text === 'string' && /(\d+(?:[.,]\d+)?)–(\d+(?:[.,]\d+)?) °C/.exec(text);
    if (!limits) continue;
    const value = (raw: string) =>
      intl.formatNumber(Number(raw.replace(',', '.')), {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
    return intl.formatMessage(
      { id: 'error.reason.outsideRoomLimits' },
      { min: value(limits[1]!), max: value(limits[2]!) },
    );
  }
  return intl.formatMessage({ id: 'error.reason.outsideRoomLimitsNoValues' });
}

/**
 * Why a request failed, for a toast's second line: known codes and messages in the user's
 * language, the controller's own text otherwise, nothing when there is nothing to say.
 */
export function errorReason(intl: IntlShape, error: unknown): string | undefined {
  const apiError = (error ?? {}) as ApiError;
  const t = (id: string) => intl.formatMessage({ id });
  if (apiError.networkError || apiError.timeout) return t('error.reason.offline');
  const code = typeof apiError.error === 'string' ? apiError.error : undefined;
  const message = typeof apiError.message === 'string' ? apiError.message.trim() : '';
  const status = apiError.status;
  if (status === 403 || code === 'forbidden') {
    const known = KNOWN_REFUSALS[message];
    return t(known ?? 'error.reason.forbidden');
  }
  if (status === 423 || code === 'locked') return t('error.reason.locked');
  if (status === 429 || code === 'too_many_requests') return t('error.reason.tooMany');
  // Proxy mode (issue 33): the device answered, but refused the write or did not take it.
  if (code === 'device_refused') {
    return message && message !== DEVICE_REFUSED_NO_REASON
      ? intl.formatMessage({ id: 'error.reason.deviceRefused' }, { reason: message })
      : t('error.reason.deviceRefusedNoReason');
  }
  if (code === 'not_applied') {
    const value = typeof apiError.value === 'number' ? apiError.value : null;
    return value === null
      ? t('error.reason.notAppliedNoValue')
      : intl.formatMessage(
          { id: 'error.reason.notApplied' },
          {
            value: intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
          },
        );
  }
  if (code === 'upstream_unavailable' || status === 502 || status === 503 || status === 504)
    return t('error.reason.offline');
  if (status === 404 || code === 'not_found') return t('error.reason.notFound');
  if (code === 'internal_error' || (status !== undefined && status >= 500))
    return t('error.reason.internal');
  // Issue 34: a target outside the room's limits, by a user bound by them.
  if (code === 'outside_room_limits') return outsideLimitsReason(intl, apiError);
  if (status === 400 || code === 'validation_failed' || code === 'bad_request') {
    const messages = Object.values(apiError.messages ?? {})
      .flat()
      .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
    const reasons = (messages.length > 0 ? messages : [message])
      .filter((text) => !GENERIC_MESSAGES.has(text))
      .map((text) => validationReason(intl, text));
    if (reasons.length > 0) return [...new Set(reasons)].join(' ');
    return undefined;
  }
  return GENERIC_MESSAGES.has(message) ? undefined : message;
}
