import { inScope, wholeBuilding } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import { firstInstant } from '../../platform/clock/local-time.js';
import type { UserRecord } from '../../platform/auth/users.js';
import type { AlarmRecord } from './repository.js';

/**
 * The alarms a user meets (issue 34): of the rooms in their scope (an alarm of no room, the
 * device's, for whole-building users), from their first day on. The alarm list and the Gebäude
 * page's count (issue 37) use this one rule.
 */
export function alarmsVisibleTo(
  app: FastifyInstance,
  user: UserRecord,
): (alarm: AlarmRecord) => boolean {
  const first = firstInstant(app.clock.local, user.validFrom);
  const whole = wholeBuilding(user);
  if (whole && first === -Infinity) return () => true;
  return (alarm) =>
    alarm.since >= first &&
    (whole ||
      (alarm.roomId !== null && inScope(user, { id: alarm.roomId, floor: alarm.floorId ?? -1 })));
}
