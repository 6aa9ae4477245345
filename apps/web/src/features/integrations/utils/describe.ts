import type { IntlShape } from 'react-intl';

/** A `YYYY-MM-DD` day as a local date (noon: no time zone moves it to another day). */
export const dateOfDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 12);
};

/** `date` as `YYYY-MM-DD` in the browser's time zone. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** An ISO time of the server as a Date; null for none or anything unreadable. */
const timeOf = (value: string | null | undefined) => {
  if (!value) return null;
  const when = new Date(value);
  return Number.isNaN(when.getTime()) ? null : when;
};

const longDay = (intl: IntlShape, when: Date, now: Date) =>
  intl.formatDate(when, {
    day: 'numeric',
    month: 'short',
    year: when.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });

/** "läuft nie ab", or the last day it is valid ("bis 31. Dez. 2027"). */
export function expiresText(intl: IntlShape, expires: string | null): string {
  if (!expires || !/^\d{4}-\d{2}-\d{2}$/.test(expires))
    return intl.formatMessage({ id: 'integrations.tokens.expires.never' });
  return intl.formatMessage(
    { id: 'integrations.tokens.expires.until' },
    {
      day: intl.formatDate(dateOfDay(expires), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    },
  );
}

/** Whether the token's last day is behind `today` (the server refuses it now). */
export const isExpired = (expires: string | null, today: string) => !!expires && expires < today;

/** The day a token was made ("22. Nov.", with the year when not this year's). */
export function createdText(intl: IntlShape, createdAt: string, now: Date): string {
  const when = timeOf(createdAt);
  return when ? longDay(intl, when, now) : '–';
}

/**
 * When a tool last used the token: "nie benutzt", "gerade eben", "vor 12 Minuten", "Heute, 07:40",
 * or the day and time ("22. Nov., 14:35"; with the year when not this year's).
 */
export function lastUsedText(intl: IntlShape, lastUsedAt: string | null, now: Date): string {
  const when = timeOf(lastUsedAt);
  if (!when) return intl.formatMessage({ id: 'integrations.tokens.lastUsed.never' });
  const minutes = Math.floor((now.getTime() - when.getTime()) / 60_000);
  if (minutes < 1) return intl.formatMessage({ id: 'integrations.tokens.lastUsed.justNow' });
  if (minutes < 60) return intl.formatRelativeTime(-minutes, 'minute');
  const time = intl.formatTime(when, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (when.toDateString() === now.toDateString())
    return intl.formatMessage({ id: 'integrations.tokens.lastUsed.today' }, { time });
  return `${longDay(intl, when, now)}, ${time}`;
}

/** "Lesen" or "Lesen und Schreiben". */
export const accessText = (intl: IntlShape, access: string) =>
  intl.formatMessage({
    id: access === 'write' ? 'integrations.access.write' : 'integrations.access.read',
  });
