import type { Access } from '@raumregler/contract';
import type { NewUser, UserRecord, UsersRepository } from '../../platform/auth/users.js';
import type { Audit, AuditInput, AuditWho } from '../audit/index.js';
import { isLastManager, leavesNoBuildingManager } from './rules.js';
import type { Commit } from '../../platform/database/group-commit.js';
import type { Tx } from '../../platform/database/schema.js';
import type { SignInChanged } from '../../platform/auth/sign-in-changes.js';

/**
 * Disabling or deleting this user would leave nobody with `full` access in any area (rules.ts):
 * nobody could manage the building, its audit log or its alarms any more.
 */
export class LastManagerError extends Error {
  constructor(readonly username: string) {
    super(
      `"${username}" is the last user who may sign in with full access in an area for the whole building; give another user full access first`,
    );
  }
}

const accessOf = (user: UserRecord) => ({
  access_smart: user.accessSmart,
  access_pro: user.accessPro,
});

/** A scope or validity change that would leave nobody who manages the whole building. */
export class LastBuildingManagerError extends Error {
  constructor(readonly username: string) {
    super(
      `"${username}" is the last user who manages the whole building; give another user full access without a scope first`,
    );
  }
}

/**
 * Every change to an account, each with its audit entry in the same commit: the one place the
 * routes (registration) and the command line change users. `who` names the actor as the audit
 * log shows it (the new user registering, `cli`, …). A change of who may sign in or with what
 * also calls `signInChanged` in its commit, so every node forgets the user's cached sign-ins.
 */
export function createAccountChanges({
  users,
  audit: auditLog,
  commit,
  now,
  today,
  signInChanged,
}: {
  /** Bound to the building whose members these changes are about. */
  users: UsersRepository;
  audit: Pick<Audit, 'record'>;
  commit: Commit;
  now: () => number;
  /** The device-local date (validity, issue 34). */
  today: () => string;
  /** Inside the commit: the user's cached sign-ins end on every node (app.signInChanged). */
  signInChanged: SignInChanged;
}) {
  // A member's entries name the building; an account's own (password, disabled, enabled) none.
  const ACCOUNT_WIDE = new Set(['password-changed', 'user-disabled', 'user-enabled']);
  const audit = {
    record: (tx: Tx, input: AuditInput) =>
      auditLog.record(tx, {
        ...input,
        houseId: ACCOUNT_WIDE.has(input.action) ? null : users.houseId,
      }),
  };
  /** Refuses a change that would leave no building-wide manager, decided inside the commit. */
  const keepBuildingManager = async (tx: Tx, changed: UserRecord) => {
    if (leavesNoBuildingManager(changed, await users.list(tx), today())) {
      throw new LastBuildingManagerError(changed.username);
    }
  };
  /** A member's scope, validity, language and access as the audit log names them. */
  const memberOf = (user: UserRecord) => ({
    username: user.username,
    email: user.email,
    language: user.language,
    ...accessOf(user),
    floors: user.floors,
    rooms: user.rooms,
    valid_from: user.validFrom,
    valid_until: user.validUntil,
  });
  return {
    /**
     * Adds a member (the members API, issue 34): a user without a usable password, with scope,
     * validity and language, recorded as `member-invited`. `inCommit` runs in the same commit
     * with the new id (the invitation token), so the answered invitation is on disk whole.
     */
    invite: (
      member: NewUser &
        Pick<UserRecord, 'language' | 'floors' | 'rooms' | 'validFrom' | 'validUntil'>,
      who: AuditWho,
      inCommit: (tx: Tx, userId: number) => Promise<void>,
    ): Promise<number> =>
      commit(async (tx) => {
        const id = await users.insert(tx, member, now());
        await users.setLanguage(tx, id, member.language);
        await users.setScope(tx, id, member.floors, member.rooms);
        await users.setValidity(tx, id, member.validFrom, member.validUntil);
        await inCommit(tx, id);
        await audit.record(tx, {
          ...who,
          action: 'member-invited',
          subject: member.username,
          after: memberOf((await users.findById(id, tx))!),
        });
        return id;
      }),
    /** Invites an existing member again (a new token in `inCommit`), recorded as `member-invited`. */
    reinvite: (
      user: UserRecord,
      who: AuditWho,
      inCommit: (tx: Tx) => Promise<void>,
    ): Promise<void> =>
      commit(async (tx) => {
        await inCommit(tx);
        await audit.record(tx, {
          ...who,
          action: 'member-invited',
          subject: user.username,
          after: { ...memberOf(user), again: true },
        });
      }),
    /**
     * Changes a member as a whole (the members API's PATCH): all or nothing in one commit,
     * refused (LastBuildingManagerError) when it would leave no building-wide manager. One audit
     * entry per kind of change: `access-changed`, `scope-changed`, `validity-changed`,
     * `member-changed` (e-mail, language). Answers the member as stored after it.
     */
    changeMember: (
      user: UserRecord,
      next: Pick<
        UserRecord,
        | 'email'
        | 'language'
        | 'accessSmart'
        | 'accessPro'
        | 'floors'
        | 'rooms'
        | 'validFrom'
        | 'validUntil'
      >,
      who: AuditWho,
    ): Promise<UserRecord | null> =>
      commit(async (tx) => {
        const current = await users.findById(user.id, tx);
        if (!current) return null;
        const sorted = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);
        const changed: UserRecord = {
          ...current,
          ...next,
          floors: sorted(next.floors),
          rooms: sorted(next.rooms),
        };
        await keepBuildingManager(tx, changed);
        const subject = current.username;
        let rights = false;
        if (
          current.accessSmart !== changed.accessSmart ||
          current.accessPro !== changed.accessPro
        ) {
          await users.setAccess(tx, current.id, changed.accessSmart, changed.accessPro);
          rights = true;
          await audit.record(tx, {
            ...who,
            action: 'access-changed',
            subject,
            before: { username: subject, ...accessOf(current) },
            after: { username: subject, ...accessOf(changed) },
          });
        }
        const scopeBefore = { floors: current.floors, rooms: current.rooms };
        const scopeAfter = { floors: changed.floors, rooms: changed.rooms };
        if (JSON.stringify(scopeBefore) !== JSON.stringify(scopeAfter)) {
          await users.setScope(tx, current.id, changed.floors, changed.rooms);
          rights = true;
          await audit.record(tx, {
            ...who,
            action: 'scope-changed',
            subject,
            before: { username: subject, ...scopeBefore },
            after: { username: subject, ...scopeAfter },
          });
        }
        if (current.validFrom !== changed.validFrom || current.validUntil !== changed.validUntil) {
          await users.setValidity(tx, current.id, changed.validFrom, changed.validUntil);
          rights = true;
          await audit.record(tx, {
            ...who,
            action: 'validity-changed',
            subject,
            before: {
              username: subject,
              valid_from: current.validFrom,
              valid_until: current.validUntil,
            },
            after: {
              username: subject,
              valid_from: changed.validFrom,
              valid_until: changed.validUntil,
            },
          });
        }
        if (current.email !== changed.email || current.language !== changed.language) {
          if (current.email !== changed.email) await users.setEmail(tx, current.id, changed.email);
          if (current.language !== changed.language)
            await users.setLanguage(tx, current.id, changed.language);
          await audit.record(tx, {
            ...who,
            action: 'member-changed',
            subject,
            before: { username: subject, email: current.email, language: current.language },
            after: { username: subject, email: changed.email, language: changed.language },
          });
        }
        if (rights) await signInChanged(tx, current.id);
        return users.findById(current.id, tx);
      }),
    /**
     * Sets the user's scope (issue 34): floors and rooms, the union; both empty = the whole
     * building. Answers false when nothing changes (nothing is recorded).
     */
    setScope: (
      user: UserRecord,
      floors: readonly number[],
      rooms: readonly number[],
      who: AuditWho,
    ): Promise<boolean> =>
      commit(async (tx) => {
        const current = await users.findById(user.id, tx);
        if (!current) return false;
        const sorted = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);
        const next = { floors: sorted(floors), rooms: sorted(rooms) };
        const before = { floors: current.floors, rooms: current.rooms };
        if (JSON.stringify(before) === JSON.stringify(next)) return false;
        await keepBuildingManager(tx, { ...current, ...next });
        await users.setScope(tx, current.id, next.floors, next.rooms);
        await signInChanged(tx, current.id);
        await audit.record(tx, {
          ...who,
          action: 'scope-changed',
          subject: current.username,
          before: { username: current.username, ...before },
          after: { username: current.username, ...next },
        });
        return true;
      }),
    /** Sets the user's validity (`YYYY-MM-DD` days, null = open); false when nothing changes. */
    setValidity: (
      user: UserRecord,
      from: string | null,
      until: string | null,
      who: AuditWho,
    ): Promise<boolean> =>
      commit(async (tx) => {
        const current = await users.findById(user.id, tx);
        if (!current) return false;
        if (current.validFrom === from && current.validUntil === until) return false;
        await keepBuildingManager(tx, { ...current, validFrom: from, validUntil: until });
        await users.setValidity(tx, current.id, from, until);
        await signInChanged(tx, current.id);
        await audit.record(tx, {
          ...who,
          action: 'validity-changed',
          subject: current.username,
          before: {
            username: current.username,
            valid_from: current.validFrom,
            valid_until: current.validUntil,
          },
          after: { username: current.username, valid_from: from, valid_until: until },
        });
        return true;
      }),
    /** Adds a user; answers its id. */
    add: (user: NewUser, who: AuditWho): Promise<number> =>
      commit(async (tx) => {
        const id = await users.insert(tx, user, now());
        await audit.record(tx, {
          ...who,
          action: 'user-added',
          subject: user.username,
          after: {
            username: user.username,
            access_smart: user.accessSmart,
            access_pro: user.accessPro,
          },
        });
        return id;
      }),
    setAccess: (user: UserRecord, smart: Access, pro: Access, who: AuditWho): Promise<void> =>
      commit(async (tx) => {
        await users.setAccess(tx, user.id, smart, pro);
        await signInChanged(tx, user.id);
        await audit.record(tx, {
          ...who,
          action: 'access-changed',
          subject: user.username,
          before: { access_smart: user.accessSmart, access_pro: user.accessPro },
          after: { access_smart: smart, access_pro: pro },
        });
      }),
    setPassword: (user: UserRecord, passwordHash: string, who: AuditWho): Promise<void> =>
      commit(async (tx) => {
        await users.setPasswordHash(tx, user.id, passwordHash);
        await signInChanged(tx, user.id);
        await audit.record(tx, { ...who, action: 'password-changed', subject: user.username });
      }),
    /**
     * Ends the user's sign-ins: refused (LastManagerError) for the last user with `full` access,
     * decided inside the commit on the users as they are then. Answers false when the user was
     * disabled already (nothing changes, nothing is recorded).
     */
    disable: (user: UserRecord, who: AuditWho): Promise<boolean> =>
      commit(async (tx) => {
        const current = await users.findById(user.id, tx);
        if (!current || current.disabledAt !== null) return false;
        if (isLastManager(current, await users.list(tx), today())) {
          throw new LastManagerError(current.username);
        }
        await users.setDisabled(tx, current.id, now());
        await signInChanged(tx, current.id);
        // The username in `after` too: the audit log's wire entry names an account that way.
        await audit.record(tx, {
          ...who,
          action: 'user-disabled',
          subject: current.username,
          after: { username: current.username },
        });
        return true;
      }),
    /** Lets a disabled user sign in again; false when it was not disabled. */
    enable: (user: UserRecord, who: AuditWho): Promise<boolean> =>
      commit(async (tx) => {
        const current = await users.findById(user.id, tx);
        if (!current || current.disabledAt === null) return false;
        await users.setDisabled(tx, current.id, null);
        await audit.record(tx, {
          ...who,
          action: 'user-enabled',
          subject: current.username,
          after: { username: current.username },
        });
        return true;
      }),
    /**
     * Removes the user from the building, refused like `disable` for the last user with `full`
     * access; an account without access in any other building is deleted, its reset tokens with
     * it. The audit log, absences and alarms keep its name as text.
     */
    remove: (user: UserRecord, who: AuditWho): Promise<void> =>
      commit(async (tx) => {
        const current = await users.findById(user.id, tx);
        if (!current) return;
        if (isLastManager(current, await users.list(tx), today())) {
          throw new LastManagerError(current.username);
        }
        if ([...current.houses.keys()].some((house) => house !== users.houseId)) {
          await users.leave(tx, current.id);
        } else {
          await users.remove(tx, current.id);
        }
        await signInChanged(tx, current.id);
        await audit.record(tx, {
          ...who,
          action: 'user-removed',
          subject: current.username,
          before: { username: current.username, ...accessOf(current) },
        });
      }),
    setLanguage: (user: UserRecord, language: 'de' | 'en'): Promise<void> =>
      commit((tx) => users.setLanguage(tx, user.id, language)),
  };
}

export type AccountChanges = ReturnType<typeof createAccountChanges>;
