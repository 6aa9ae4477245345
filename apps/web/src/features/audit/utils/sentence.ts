import type { AuditEntry } from '@raumregler/contract';
import type { IntlShape } from 'react-intl';

const ROOM_SENTENCES = ['soll', 'resettemp'];
const ACCOUNT_SENTENCES = [
  'user-added',
  'access-changed',
  'password-reset',
  'password-changed',
  'sign-in-refused',
  'user-disabled',
  'user-enabled',
  'user-removed',
  // Issue 34: the members API.
  'member-invited',
  'member-changed',
  'scope-changed',
  'validity-changed',
];
const MODES = ['heating', 'cooling', 'off', 'on'];

const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

function sameDay(a: Date, b: Date) {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** Who did it: the user, else where it came from (the command line has no sign-in). */
export function auditActor(intl: IntlShape, entry: Pick<AuditEntry, 'user' | 'source'>) {
  if (entry.user) return entry.user;
  const known = entry.source === 'cli' || entry.source === 'system';
  return intl.formatMessage({ id: known ? `audit.actor.${entry.source}` : 'audit.actor.unknown' });
}

/** "21,5 °C" in German, "21.5 °C" in English. */
export const formatAuditTemperature = (intl: IntlShape, value: unknown) => {
  const number = numberOf(value);
  return number === null
    ? '–'
    : `${intl.formatNumber(number, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} °C`;
};

/** An end time: the time alone on the entry's own day, else with the date. */
export function formatUntil(intl: IntlShape, until: string, at: string) {
  const end = new Date(until);
  if (Number.isNaN(end.getTime())) return until;
  const start = new Date(at);
  return sameDay(end, start)
    ? intl.formatTime(end, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(end, {
        day: 'numeric',
        month: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/** The entry's time as date and time in the user's locale. */
export const formatAuditTime = (intl: IntlShape, time: string) => {
  const date = new Date(time);
  return Number.isNaN(date.getTime())
    ? time
    : intl.formatDate(date, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
};

/**
 * One audit entry as a sentence in the user's language: "Anna setzte 22,5 °C bis 18:30 (vorher
 * 18,0 °C)". Actions this app does not know yet (a newer server) still read "Anna: action".
 */
export function auditSentence(intl: IntlShape, entry: AuditEntry): string {
  const t = (id: string, values: Record<string, string>) => intl.formatMessage({ id }, values);
  const user = auditActor(intl, entry);
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const temperatures = {
    user,
    after: formatAuditTemperature(intl, after.target),
    before: formatAuditTemperature(intl, before.target),
  };
  const mode = (value: unknown) => {
    const text = textOf(value);
    if (!text) return '–';
    return MODES.includes(text) ? intl.formatMessage({ id: `audit.mode.${text}` }) : text;
  };
  if (entry.action === 'ziel') {
    const until = textOf(after.until);
    if (until)
      return t('audit.sentence.ziel.until', {
        ...temperatures,
        until: formatUntil(intl, until, entry.time),
      });
    if (entry.duration_minutes !== null)
      return t('audit.sentence.ziel.duration', {
        ...temperatures,
        duration: intl.formatNumber(entry.duration_minutes),
      });
    return t('audit.sentence.ziel', temperatures);
  }
  if (ROOM_SENTENCES.includes(entry.action))
    return t(`audit.sentence.${entry.action}`, temperatures);
  if (entry.action === 'betriebsart')
    return t('audit.sentence.betriebsart', {
      user,
      mode: mode(after.mode),
      previous: mode(before.mode),
    });
  if (ACCOUNT_SENTENCES.includes(entry.action)) {
    // Whose account: the entry's subject where the server sends it, else what before/after
    // name; a reset by token and a refused sign-in concern the user named in the entry itself.
    const selfService = entry.action === 'password-reset' || entry.action === 'sign-in-refused';
    const subject =
      textOf((entry as { subject?: unknown }).subject) ??
      textOf(after.username) ??
      textOf(after.user) ??
      textOf(before.username) ??
      textOf(before.user) ??
      (selfService ? entry.user : null);
    return subject
      ? t(`audit.sentence.${entry.action}`, { user, subject })
      : t(`audit.sentence.${entry.action}.unnamed`, { user });
  }
  if (entry.action === 'limits-changed') {
    // Issue 34: a room's limits, "16,0–23,0 °C" or none.
    const limits = (value: unknown) => {
      const { min, max } = (value ?? {}) as { min?: unknown; max?: unknown };
      const low = numberOf(min);
      const high = numberOf(max);
      if (low === null || high === null) return intl.formatMessage({ id: 'audit.limits.none' });
      const number = (n: number) =>
        intl.formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      return `${number(low)}–${number(high)} °C`;
    };
    return t('audit.sentence.limits-changed', {
      user,
      after: limits(after.limits),
      before: limits(before.limits),
    });
  }
  if (entry.action === 'room-devices-changed') {
    // Issue 36: a room's zigbee2mqtt devices, "„TRV Wohnzimmer“, „Sensor“" or none.
    const names = (value: unknown) => {
      const list = Array.isArray(value)
        ? value.filter((n): n is string => typeof n === 'string')
        : [];
      return list.length === 0
        ? intl.formatMessage({ id: 'audit.devices.none' })
        : intl.formatList(
            list.map((name) => (intl.locale.startsWith('de') ? `„${name}“` : `“${name}”`)),
            { type: 'conjunction' },
          );
    };
    return t('audit.sentence.room-devices-changed', {
      user,
      after: names(after.devices),
      before: names(before.devices),
    });
  }
  if (entry.action === 'alarm-acknowledged') {
    // The kind in the alarm page's words (the catalogue is the app's, not a feature's import).
    const kind = textOf(after.kind) ?? '–';
    const kindId = `alarms.kind.${kind}`;
    const values = {
      user,
      kind: intl.messages[kindId] ? intl.formatMessage({ id: kindId }) : kind,
    };
    const note = textOf(after.note);
    return note
      ? t('audit.sentence.alarm-acknowledged.note', { ...values, note })
      : t('audit.sentence.alarm-acknowledged', values);
  }
  if (TOKEN_SENTENCES.includes(entry.action)) {
    // Issue 35: access tokens, named by the token; a manager's revoke names its owner too.
    const name = textOf(after.name) ?? textOf(before.name);
    const owner = textOf(after.owner) ?? textOf(before.owner);
    if (name) {
      const others = entry.action === 'token-revoked' && owner && owner !== entry.user;
      return others
        ? t('audit.sentence.token-revoked.of', { user, name, owner })
        : t(`audit.sentence.${entry.action}`, { user, name });
    }
  }
  if (ABSENCE_SENTENCES.includes(entry.action)) {
    const name = textOf(after.name) ?? textOf(before.name);
    if (name) return t(`audit.sentence.${entry.action}`, { user, name });
  }
  return t('audit.sentence.other', { user, action: entry.action });
}

/** Absences created, edited (issue 32), ended and deleted, named by the absence. */
const ABSENCE_SENTENCES: string[] = [
  'absence-created',
  'absence-edited',
  'absence-ended',
  'absence-deleted',
];

/** Access tokens created, used for the first time and revoked (issue 35). */
const TOKEN_SENTENCES: string[] = ['token-created', 'token-first-used', 'token-revoked'];
