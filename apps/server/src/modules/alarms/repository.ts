import { sql as raw, type ExpressionBuilder, type Selectable } from 'kysely';
import type { AlarmDeviceKind } from '@raumregler/contract';
import './tables.js';
import type { Schema, Sql, Tx } from '../../platform/database/schema.js';
import type { AlarmKind, AlarmState } from './rules.js';
import type { AlarmsTable } from './tables.js';

/** One alarm as the service and the routes see it. */
export interface AlarmRecord {
  id: number;
  /** Null, with the names, for an alarm of no room (proxy mode's device-offline). */
  roomId: number | null;
  roomName: string | null;
  floorName: string | null;
  /** The floor's id when the alarm opened; null when unknown (alarms from before issue 32). */
  floorId: number | null;
  kind: AlarmKind;
  /** The zigbee2mqtt device of a device alarm (issue 36); null for the others. */
  device: string | null;
  deviceKind: AlarmDeviceKind | null;
  /** When the condition began. */
  since: number;
  openedAt: number;
  value: number | null;
  target: number | null;
  state: AlarmState;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
  note: string | null;
  clearedAt: number | null;
}

export type NewAlarm = Pick<
  AlarmRecord,
  | 'roomId'
  | 'roomName'
  | 'floorName'
  | 'floorId'
  | 'kind'
  | 'device'
  | 'deviceKind'
  | 'since'
  | 'openedAt'
  | 'value'
  | 'target'
>;

/**
 * What makes an open alarm one of a kind: its room (a room's alarm), its device (a device's), or
 * neither (proxy mode's device-offline). At most one of each is open (migration 016's indexes).
 */
export type AlarmKey = Pick<AlarmRecord, 'roomId' | 'device' | 'kind'>;

/** A mail waiting to be sent (or retried), with its alarm. */
export interface PendingAlarmMail {
  id: number;
  recipient: string;
  language: string;
  digest: boolean;
  dueAt: number;
  attempts: number;
  alarm: AlarmRecord;
}

export interface NewAlarmMail {
  recipient: string;
  language: string;
  digest: boolean;
  dueAt: number;
}

/** A user who may get alarm mail, if the manage capability says so. */
export interface AlarmRecipientCandidate {
  email: string;
  language: string;
  accessSmart: string;
  accessPro: string;
  /** Their scope and validity (issue 34): floor and room ids comma-separated, days or null. */
  scopeFloors: string;
  scopeRooms: string;
  validFrom: string | null;
  validUntil: string | null;
}

/**
 * The columns of `users` the recipients are read from. The table is the accounts module's (it
 * types it for the schema); declared here for this one query only (`withTables`).
 */
interface RecipientColumns {
  id: number;
  email: string;
  language: string;
  disabled_at: number | null;
}
interface RecipientAccessColumns {
  user_id: number;
  house_id: number;
  access_smart: string;
  access_pro: string;
  scope_floors: string;
  scope_rooms: string;
  valid_from: string | null;
  valid_until: string | null;
}

type AlarmRow = Selectable<AlarmsTable>;

const toRecord = (row: AlarmRow): AlarmRecord => ({
  id: row.id,
  roomId: row.room_id,
  roomName: row.room_name,
  floorName: row.floor_name,
  floorId: row.floor_id,
  kind: row.kind,
  device: row.device,
  deviceKind: row.device_kind,
  since: row.since,
  openedAt: row.opened_at,
  value: row.value,
  target: row.target,
  state: row.state,
  acknowledgedBy: row.acknowledged_by,
  acknowledgedAt: row.acknowledged_at,
  note: row.note,
  clearedAt: row.cleared_at,
});

/** `state` filters of the list: open = active or acknowledged; all = also the recently cleared. */
export type AlarmFilter = 'active' | 'open' | 'all';

/** The list's further filters (issue 32); each one given narrows it. */
export interface AlarmListFilter {
  state: AlarmFilter;
  /** `all` without a period: the cleared alarms cleared at or after this instant. */
  clearedSince: number;
  kinds?: readonly AlarmKind[];
  floorId?: number;
  /** On the alarm's start (`since`): from inclusive, to exclusive, epoch ms. */
  from?: number;
  to?: number;
}

/** Rows per INSERT or IN list: far below both engines' limits on bound parameters. */
const CHUNK = 500;
const chunks = <T>(list: readonly T[]) => {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += CHUNK) {
    out.push(list.slice(start, start + CHUNK));
  }
  return out;
};

/**
 * The open alarm of a key, as the statement's condition. The same conditions as the partial
 * unique indexes (migration 016, postgres 001), spelled out as SQL text: an `ON CONFLICT` names
 * its index by them, and both engines match them only against literals, never bound parameters.
 */
const OPEN_ROOM = raw<boolean>`state <> 'cleared' AND device IS NULL`;
const OPEN_DEVICE = raw<boolean>`state <> 'cleared' AND device IS NOT NULL`;
const OPEN_NO_ROOM = raw<boolean>`state <> 'cleared' AND room_id IS NULL`;

/** The condition of a key's open alarm (at most one matches). */
const openOf = (key: AlarmKey) => (where: ExpressionBuilder<Schema, 'alarms'>) => {
  if (key.device !== null) {
    return where.and([where('kind', '=', key.kind), where('device', '=', key.device), OPEN_DEVICE]);
  }
  if (key.roomId === null) return where.and([where('kind', '=', key.kind), OPEN_NO_ROOM]);
  return where.and([where('kind', '=', key.kind), where('room_id', '=', key.roomId), OPEN_ROOM]);
};

/**
 * Alarms and their mail outbox (migrations 005, 008, 009, 016), on SQLite and PostgreSQL. Reads
 * use `sql`; writes, and reads that must see a commit's own writes, take the commit's `tx` (on
 * SQLite the commit holds the one connection: a read on `sql` inside it would wait for itself).
 */
/** The alarms of one building (house id): every query of the alarms table names it. */
export function createAlarmsRepository(sql: Sql, houseId: number) {
  /** The open alarm of a key, on `on`. */
  const findOpen = async (on: Tx, key: AlarmKey) => {
    const row = await on
      .selectFrom('alarms')
      .select('id')
      .where('house_id', '=', houseId)
      .where(openOf(key))
      .executeTakeFirst();
    return row?.id ?? null;
  };

  const search = async (filter: AlarmListFilter): Promise<AlarmRecord[]> => {
    let query = sql.selectFrom('alarms').selectAll().where('house_id', '=', houseId);
    if (filter.state === 'active') query = query.where('state', '=', 'active');
    else if (filter.state === 'open') query = query.where('state', '<>', 'cleared');
    // A period lifts the 30 days: every alarm that started in it, cleared or not.
    else if (filter.from === undefined && filter.to === undefined) {
      query = query.where((where) =>
        where.or([where('state', '<>', 'cleared'), where('cleared_at', '>=', filter.clearedSince)]),
      );
    }
    if (filter.kinds && filter.kinds.length > 0) query = query.where('kind', 'in', filter.kinds);
    if (filter.floorId !== undefined) query = query.where('floor_id', '=', filter.floorId);
    if (filter.from !== undefined) query = query.where('since', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('since', '<', filter.to);
    const rows = await query.orderBy('opened_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toRecord);
  };

  return {
    /**
     * Opens an alarm with the mails it sends, on the commit's `tx`; answers its id. When its key
     * has an open alarm already (another evaluation stored it first, also one on another
     * connection that committed meanwhile), answers that one's id with `opened: false` and
     * stores no mails: an alarm opens once and is mailed once.
     */
    async open(
      tx: Tx,
      alarm: NewAlarm,
      mails: readonly NewAlarmMail[],
    ): Promise<{ id: number; opened: boolean }> {
      const row = await tx
        .insertInto('alarms')
        .values({
          house_id: houseId,
          room_id: alarm.roomId,
          room_name: alarm.roomName,
          floor_name: alarm.floorName,
          floor_id: alarm.floorId,
          kind: alarm.kind,
          device: alarm.device,
          device_kind: alarm.deviceKind,
          since: alarm.since,
          opened_at: alarm.openedAt,
          value: alarm.value,
          target: alarm.target,
        })
        // The conflict target names the partial unique index of the alarm's key (its columns
        // and its condition): on PostgreSQL a concurrent open of the same key waits for the
        // other's commit and then does nothing, where a plain INSERT would fail.
        .onConflict((conflict) => {
          if (alarm.device !== null) {
            return conflict.columns(['house_id', 'device', 'kind']).where(OPEN_DEVICE).doNothing();
          }
          if (alarm.roomId === null) {
            return conflict.columns(['house_id', 'kind']).where(OPEN_NO_ROOM).doNothing();
          }
          return conflict.columns(['house_id', 'room_id', 'kind']).where(OPEN_ROOM).doNothing();
        })
        .returning('id')
        .executeTakeFirst();
      if (!row) {
        const id = await findOpen(tx, alarm);
        if (id === null) throw new Error(`alarm ${alarm.kind}: conflict without an open alarm`);
        return { id, opened: false };
      }
      for (const part of chunks(mails)) {
        await tx
          .insertInto('alarm_mails')
          .values(
            part.map((mail) => ({
              alarm_id: row.id,
              recipient: mail.recipient,
              language: mail.language,
              digest: mail.digest ? 1 : 0,
              due_at: mail.dueAt,
              next_attempt_at: mail.dueAt,
            })),
          )
          .onConflict((conflict) => conflict.columns(['alarm_id', 'recipient']).doNothing())
          .execute();
      }
      return { id: row.id, opened: true };
    },
    /** One alarm; inside a commit pass its `tx`. */
    async findById(id: number, on: Tx = sql): Promise<AlarmRecord | null> {
      const row = await on
        .selectFrom('alarms')
        .selectAll()
        .where('house_id', '=', houseId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    /** Every open alarm (active or acknowledged), oldest first: the evaluation's memory. */
    async listOpen(): Promise<AlarmRecord[]> {
      const rows = await sql
        .selectFrom('alarms')
        .selectAll()
        .where('house_id', '=', houseId)
        .where('state', '<>', 'cleared')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    /**
     * Newest first; `all` includes the alarms cleared at or after `clearedSince`, or with a
     * period every alarm that started in it.
     */
    list(filter: AlarmFilter, clearedSince: number): Promise<AlarmRecord[]> {
      return search({ state: filter, clearedSince });
    },
    /** The list with its filters (GET /api/alarms/), newest first. */
    search,
    /** Clears an open alarm; false when it was cleared already (or is unknown). */
    async clear(tx: Tx, id: number, at: number): Promise<boolean> {
      const result = await tx
        .updateTable('alarms')
        .set({ state: 'cleared', cleared_at: at })
        .where('house_id', '=', houseId)
        .where('id', '=', id)
        .where('state', '<>', 'cleared')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * Clears the open alarm of a key, whatever its id: for an alarm decided and cleared before
     * its open had been stored (the open runs first in the same commit queue).
     */
    async clearOpen(tx: Tx, key: AlarmKey, at: number): Promise<boolean> {
      const result = await tx
        .updateTable('alarms')
        .set({ state: 'cleared', cleared_at: at })
        .where('house_id', '=', houseId)
        .where(openOf(key))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Acknowledges an active alarm; false when it was not active. */
    async acknowledge(
      tx: Tx,
      id: number,
      username: string,
      at: number,
      note: string | null,
    ): Promise<boolean> {
      const result = await tx
        .updateTable('alarms')
        .set({ state: 'acknowledged', acknowledged_by: username, acknowledged_at: at, note })
        .where('house_id', '=', houseId)
        .where('id', '=', id)
        .where('state', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Instants at which alarms opened after `after`; inside a commit pass its `tx`. */
    async openedAfter(after: number, on: Tx = sql): Promise<number[]> {
      const rows = await on
        .selectFrom('alarms')
        .select('opened_at')
        .where('house_id', '=', houseId)
        .where('opened_at', '>', after)
        .execute();
      return rows.map((row) => row.opened_at);
    },
    /** The building's enabled users with an e-mail address, with their access and language. */
    async recipientCandidates(): Promise<AlarmRecipientCandidate[]> {
      const rows = await sql
        .withTables<{ users: RecipientColumns; house_access: RecipientAccessColumns }>()
        .selectFrom('users')
        // The building's users, with their access there.
        .innerJoin('house_access', 'house_access.user_id', 'users.id')
        .select([
          'users.email',
          'users.language',
          'house_access.access_smart',
          'house_access.access_pro',
          'house_access.scope_floors',
          'house_access.scope_rooms',
          'house_access.valid_from',
          'house_access.valid_until',
        ])
        .where('house_access.house_id', '=', houseId)
        .where('users.email', '<>', '')
        .where('users.disabled_at', 'is', null)
        .orderBy('users.id')
        .execute();
      return rows.map((row) => ({
        email: row.email,
        language: row.language,
        accessSmart: row.access_smart,
        accessPro: row.access_pro,
        scopeFloors: row.scope_floors,
        scopeRooms: row.scope_rooms,
        validFrom: row.valid_from,
        validUntil: row.valid_until,
      }));
    },
    /** Mails due at `now` and not waiting for a retry, oldest first. */
    async dueMails(now: number): Promise<PendingAlarmMail[]> {
      const rows = await sql
        .selectFrom('alarm_mails as m')
        .innerJoin('alarms as a', 'a.id', 'm.alarm_id')
        .selectAll('a')
        .select([
          'm.id as mail_id',
          'm.recipient',
          'm.language',
          'm.digest',
          'm.due_at',
          'm.attempts',
        ])
        .where('a.house_id', '=', houseId)
        .where('m.sent_at', 'is', null)
        .where('m.next_attempt_at', '<=', now)
        .where('m.due_at', '<=', now)
        .orderBy('m.id')
        .execute();
      return rows.map((row) => ({
        id: row.mail_id,
        recipient: row.recipient,
        language: row.language,
        digest: row.digest === 1,
        dueAt: row.due_at,
        attempts: row.attempts,
        alarm: toRecord(row),
      }));
    },
    async markSent(tx: Tx, ids: readonly number[], at: number): Promise<void> {
      for (const part of chunks(ids)) {
        await tx
          .updateTable('alarm_mails')
          .set({ sent_at: at })
          .where('id', 'in', part)
          .where('sent_at', 'is', null)
          .execute();
      }
    },
    async markFailed(tx: Tx, ids: readonly number[], retryAt: number): Promise<void> {
      for (const part of chunks(ids)) {
        await tx
          .updateTable('alarm_mails')
          .set((update) => ({ attempts: update('attempts', '+', 1), next_attempt_at: retryAt }))
          .where('id', 'in', part)
          .execute();
      }
    },
    /** The mail record of one alarm: who gets it and whether it went out. */
    async mailsOf(alarmId: number): Promise<{ recipient: string; sentAt: number | null }[]> {
      const rows = await sql
        .selectFrom('alarm_mails')
        .select(['recipient', 'sent_at'])
        .where('alarm_id', '=', alarmId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ recipient: row.recipient, sentAt: row.sent_at }));
    },
    async unsentMails(): Promise<number> {
      const row = await sql
        .selectFrom('alarm_mails')
        .select((select) => select.fn.countAll<number>().as('count'))
        .where('sent_at', 'is', null)
        .where('alarm_id', 'in', (eb) =>
          eb.selectFrom('alarms').select('id').where('house_id', '=', houseId),
        )
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
export type AlarmsRepository = ReturnType<typeof createAlarmsRepository>;
