import type { Access } from '@raumregler/contract';
import type { NewUser, UserRecord, UsersRepository } from '../../platform/auth/users.js';
import type { Audit, AuditWho } from '../audit/index.js';

type Commit = <T>(work: () => T) => Promise<T>;

/**
 * Every change to an account, each with its audit entry in the same commit: the one place the
 * routes (registration) and the command line change users. `who` names the actor as the audit
 * log shows it (the new user registering, `cli`, …).
 */
export function createAccountChanges({
  users,
  audit,
  commit,
  now,
}: {
  users: UsersRepository;
  audit: Pick<Audit, 'record'>;
  commit: Commit;
  now: () => number;
}) {
  return {
    /** Adds a user; answers its id. */
    add: (user: NewUser, who: AuditWho): Promise<number> =>
      commit(() => {
        const id = users.insert(user, now());
        audit.record({
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
      commit(() => {
        users.setAccess(user.id, smart, pro);
        audit.record({
          ...who,
          action: 'access-changed',
          subject: user.username,
          before: { access_smart: user.accessSmart, access_pro: user.accessPro },
          after: { access_smart: smart, access_pro: pro },
        });
      }),
    setPassword: (user: UserRecord, passwordHash: string, who: AuditWho): Promise<void> =>
      commit(() => {
        users.setPasswordHash(user.id, passwordHash);
        audit.record({ ...who, action: 'password-changed', subject: user.username });
      }),
    setLanguage: (user: UserRecord, language: 'de' | 'en'): Promise<void> =>
      commit(() => users.setLanguage(user.id, language)),
  };
}

export type AccountChanges = ReturnType<typeof createAccountChanges>;
