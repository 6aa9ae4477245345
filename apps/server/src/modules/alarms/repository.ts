import type { Database } from 'better-sqlite3';
import type { AlarmDeviceKind } from '@raumregler/contract';
import type { AlarmKind, AlarmState } from './rules.js';

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

interface AlarmRow {
  id: number;
  room_id: number | null;
  room_name: string | null;
  floor_name: string | null;
  floor_id: number | null;
  kind: AlarmKind;
  device: string | null;
  device_kind: AlarmDeviceKind | null;
  since: number;
  opened_at: number;
  value: number | null;
  target: number | null;
  state: AlarmState;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  note: string | null;
  cleared_at: number | null;
}

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

const ALARM_COLUMNS = `a.id, a.room_id, a.room_name, a.floor_name, a.floor_id, a.kind, a.device,
  a.device_kind, a.since, a.opened_at, a.value, a.target, a.state, a.acknowledged_by,
  a.acknowledged_at, a.note, a.cleared_at`;

/** Alarms and their mail outbox (migrations 005, 008, 009, 016). */
export function createAlarmsRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO alarms (room_id, room_name, floor_name, floor_id, kind, device, device_kind, since,
       opened_at, value, target)
     VALUES (@roomId, @roomName, @floorName, @floorId, @kind, @device, @deviceKind, @since,
       @openedAt, @value, @target)`,
  );
  const byId = db.prepare<[number], AlarmRow>(`SELECT ${ALARM_COLUMNS} FROM alarms a WHERE id = ?`);
  const openRows = db.prepare<[], AlarmRow>(
    `SELECT ${ALARM_COLUMNS} FROM alarms a WHERE state <> 'cleared'`,
  );
  // One statement per filter combination, prepared on first use (a few dozen at most).
  const lists = new Map<string, ReturnType<Database['prepare']>>();
  const listStatement = (filter: AlarmListFilter) => {
    const where: string[] = [];
    if (filter.state === 'active') where.push(`state = 'active'`);
    else if (filter.state === 'open') where.push(`state <> 'cleared'`);
    // A period lifts the 30 days: every alarm that started in it, cleared or not.
    else if (filter.from === undefined && filter.to === undefined) {
      where.push(`(state <> 'cleared' OR cleared_at >= @clearedSince)`);
    }
    // The kinds as bound parameters (@kind0, @kind1 …), never spliced into the text.
    if (filter.kinds && filter.kinds.length > 0) {
      where.push(`kind IN (${filter.kinds.map((_, index) => `@kind${index}`).join(', ')})`);
    }
    if (filter.floorId !== undefined) where.push('floor_id = @floorId');
    if (filter.from !== undefined) where.push('since >= @from');
    if (filter.to !== undefined) where.push('since < @to');
    const key = where.join(' AND ');
    let statement = lists.get(key);
    if (!statement) {
      statement = db.prepare(
        `SELECT ${ALARM_COLUMNS} FROM alarms a ${key ? `WHERE ${key}` : ''}
         ORDER BY opened_at DESC, id DESC`,
      );
      lists.set(key, statement);
    }
    return statement;
  };
  const clear = db.prepare(
    `UPDATE alarms SET state = 'cleared', cleared_at = ? WHERE id = ? AND state <> 'cleared'`,
  );
  const acknowledge = db.prepare(
    `UPDATE alarms SET state = 'acknowledged', acknowledged_by = ?, acknowledged_at = ?, note = ?
     WHERE id = ? AND state = 'active'`,
  );
  const openedSince = db
    .prepare<[number], number>('SELECT opened_at FROM alarms WHERE opened_at > ?')
    .pluck();
  const candidates = db.prepare<[], AlarmRecipientCandidate>(
    `SELECT email, language, access_smart AS accessSmart, access_pro AS accessPro,
       scope_floors AS scopeFloors, scope_rooms AS scopeRooms, valid_from AS validFrom,
       valid_until AS validUntil
     FROM users WHERE email <> '' AND disabled_at IS NULL ORDER BY id`,
  );
  const insertMail = db.prepare(
    `INSERT OR IGNORE INTO alarm_mails (alarm_id, recipient, language, digest, due_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const dueMails = db.prepare<[number, number], AlarmRow & Record<string, unknown>>(
    `SELECT ${ALARM_COLUMNS}, m.id AS mail_id, m.recipient, m.language, m.digest, m.due_at,
       m.attempts
     FROM alarm_mails m JOIN alarms a ON a.id = m.alarm_id
     WHERE m.sent_at IS NULL AND m.next_attempt_at <= ? AND m.due_at <= ?
     ORDER BY m.id`,
  );
  const sent = db.prepare('UPDATE alarm_mails SET sent_at = ? WHERE id = ? AND sent_at IS NULL');
  const failed = db.prepare(
    'UPDATE alarm_mails SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?',
  );
  const mailsOf = db.prepare<[number], { recipient: string; sent_at: number | null }>(
    'SELECT recipient, sent_at FROM alarm_mails WHERE alarm_id = ? ORDER BY id',
  );
  const unsentCount = db
    .prepare<[], number>('SELECT count(*) FROM alarm_mails WHERE sent_at IS NULL')
    .pluck();
  const openWithMails = db.transaction((alarm: NewAlarm, mails: readonly NewAlarmMail[]) => {
    const id = Number(insert.run(alarm).lastInsertRowid);
    for (const mail of mails) {
      insertMail.run(
        id,
        mail.recipient,
        mail.language,
        mail.digest ? 1 : 0,
        mail.dueAt,
        mail.dueAt,
      );
    }
    return id;
  });
  const markSent = db.transaction((ids: readonly number[], at: number) => {
    for (const id of ids) sent.run(at, id);
  });
  const markFailed = db.transaction((ids: readonly number[], retryAt: number) => {
    for (const id of ids) failed.run(retryAt, id);
  });

  /** The list with its filters (GET /api/alarms/), newest first. */
  const search = (filter: AlarmListFilter): AlarmRecord[] => {
    const params: Record<string, unknown> = {};
    if (filter.state === 'all') params.clearedSince = filter.clearedSince;
    filter.kinds?.forEach((kind, index) => (params[`kind${index}`] = kind));
    if (filter.floorId !== undefined) params.floorId = filter.floorId;
    if (filter.from !== undefined) params.from = filter.from;
    if (filter.to !== undefined) params.to = filter.to;
    const statement = listStatement(filter);
    // better-sqlite3 refuses named parameters a statement does not use.
    const used = statement.source;
    for (const name of Object.keys(params)) if (!used.includes(`@${name}`)) delete params[name];
    return (statement.all(params) as AlarmRow[]).map(toRecord);
  };

  return {
    /** Stores a new alarm and the mails it sends, in one transaction; answers its id. */
    open(alarm: NewAlarm, mails: readonly NewAlarmMail[]): number {
      return openWithMails(alarm, mails);
    },
    findById(id: number): AlarmRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    /** Every open alarm (active or acknowledged): the evaluation's memory after a restart. */
    listOpen(): AlarmRecord[] {
      return openRows.all().map(toRecord);
    },
    /**
     * Newest first; `all` includes the alarms cleared at or after `clearedSince`, or with a
     * period every alarm that started in it.
     */
    list(filter: AlarmFilter, clearedSince: number): AlarmRecord[] {
      return search({ state: filter, clearedSince });
    },
    /** The list with its filters (GET /api/alarms/), newest first. */
    search,
    clear(id: number, at: number): void {
      clear.run(at, id);
    },
    /** Acknowledges an active alarm; false when it was not active. */
    acknowledge(id: number, username: string, at: number, note: string | null): boolean {
      return acknowledge.run(username, at, note, id).changes === 1;
    },
    /** Instants at which alarms opened after `after`. */
    openedAfter(after: number): number[] {
      return openedSince.all(after);
    },
    /** Enabled users with an e-mail address, with their access and language. */
    recipientCandidates(): AlarmRecipientCandidate[] {
      return candidates.all();
    },
    /** Mails due at `now` and not waiting for a retry, oldest first. */
    dueMails(now: number): PendingAlarmMail[] {
      return dueMails.all(now, now).map((row) => ({
        id: row.mail_id as number,
        recipient: row.recipient as string,
        language: row.language as string,
        digest: row.digest === 1,
        dueAt: row.due_at as number,
        attempts: row.attempts as number,
        alarm: toRecord(row),
      }));
    },
    markSent(ids: readonly number[], at: number): void {
      markSent(ids, at);
    },
    markFailed(ids: readonly number[], retryAt: number): void {
      markFailed(ids, retryAt);
    },
    /** The mail record of one alarm: who gets it and whether it went out. */
    mailsOf(alarmId: number): { recipient: string; sentAt: number | null }[] {
      return mailsOf.all(alarmId).map((row) => ({ recipient: row.recipient, sentAt: row.sent_at }));
    },
    unsentMails(): number {
      return unsentCount.get() ?? 0;
    },
  };
}
export type AlarmsRepository = ReturnType<typeof createAlarmsRepository>;
