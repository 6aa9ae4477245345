import type { IntlShape } from 'react-intl';
import { parseDeviceTime } from '@/lib/device-values';
import type { Member } from '../api/member-types';
import { dateOfDay, validityState, type ValidityState } from './members';
import { isWholeBuilding, scopeNames, SCOPE_NAMES_SHOWN, type ScopeFloor } from './scope';

/** An area's access in words ("Vollzugriff"); an access the app does not know as it is. */
export function accessLabel(intl: IntlShape, access: string): string {
  const id = `members.access.${access}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : access;
}

/** "Ganzes Gebäude", or "EG, Raum 1.01, Raum 1.02 + 12 weitere" (all names in `all`). */
export function scopeText(
  intl: IntlShape,
  member: Pick<Member, 'floors' | 'rooms'>,
  floors: readonly ScopeFloor[],
): { text: string; all: string } {
  const scope = { floors: member.floors ?? [], rooms: member.rooms ?? [] };
  if (isWholeBuilding(scope)) {
    const whole = intl.formatMessage({ id: 'members.scope.whole' });
    return { text: whole, all: whole };
  }
  const names = scopeNames(scope, floors, (kind, id) =>
    intl.formatMessage({ id: `members.scope.unknown.${kind}` }, { id }),
  );
  const shown = names.slice(0, SCOPE_NAMES_SHOWN).join(', ');
  const more = names.length - SCOPE_NAMES_SHOWN;
  return {
    text:
      more > 0
        ? intl.formatMessage({ id: 'members.scope.more' }, { names: shown, count: more })
        : shown,
    all: names.join(', '),
  };
}

const day = (intl: IntlShape, value: string) =>
  intl.formatDate(dateOfDay(value), { day: 'numeric', month: 'short', year: 'numeric' });

/** "Unbegrenzt", "ab 1. Jan. 2027", "bis 31. Dez. 2027" or both days, with where today stands. */
export function validityText(
  intl: IntlShape,
  member: Pick<Member, 'valid_from' | 'valid_until'>,
  today: string,
): { text: string; state: ValidityState } {
  const state = validityState(member, today);
  const { valid_from: from, valid_until: until } = member;
  let text;
  if (from && until)
    text = intl.formatMessage(
      { id: 'members.validity.between' },
      { from: day(intl, from), until: day(intl, until) },
    );
  else if (from)
    text = intl.formatMessage({ id: 'members.validity.from' }, { from: day(intl, from) });
  else if (until)
    text = intl.formatMessage({ id: 'members.validity.until' }, { until: day(intl, until) });
  else text = intl.formatMessage({ id: 'members.validity.always' });
  return { text, state };
}

/**
 * The last sign-in as the app says times ("Heute, 07:40", "22. Nov., 14:35", with the year when
 * not this year's), or that the member has never signed in.
 */
export function lastSignInText(intl: IntlShape, value: string | null, now: Date): string {
  const when = parseDeviceTime(value);
  if (!when) return intl.formatMessage({ id: 'members.lastSignIn.never' });
  const time = intl.formatTime(when, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (when.toDateString() === now.toDateString())
    return intl.formatMessage({ id: 'members.lastSignIn.today' }, { time });
  const year = when.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return `${intl.formatDate(when, { day: 'numeric', month: 'short', year })}, ${time}`;
}
