import { randomBytes } from 'node:crypto';
import { ACCESS_LEVELS, type Access } from '@raumregler/contract';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { UsersRepository } from '../../platform/auth/users.js';
import { CommandError, one, UsageError, type CliIo } from '../../platform/cli/errors.js';
import type { AccountChanges } from './service.js';

/** The options of the `user` commands (node's parseArgs). */
export const USER_OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  smart: { type: 'string' },
  pro: { type: 'string' },
} as const;

type UserOptions = Partial<Record<keyof typeof USER_OPTIONS, string>>;

const MIN_PASSWORD = 8;
const CLI = { user: null, source: 'cli' } as const;

function access(value: string | undefined, flag: string): Access | undefined {
  if (value === undefined) return undefined;
  if (!ACCESS_LEVELS.includes(value as Access)) {
    throw new UsageError(`--${flag} must be one of ${ACCESS_LEVELS.join(', ')}, got "${value}"`);
  }
  return value as Access;
}

function password(value: string | undefined): { password: string; generated: boolean } {
  if (value === undefined) {
    return { password: randomBytes(12).toString('base64url'), generated: true };
  }
  if (value.length < MIN_PASSWORD) {
    throw new UsageError(`--password must have at least ${MIN_PASSWORD} characters`);
  }
  return { password: value, generated: false };
}

/**
 * `user list|add|access|password|language …`: the accounts on the server's database. Answers
 * false for a command it does not know.
 */
export async function runUserCommand(
  command: string,
  args: string[],
  values: UserOptions,
  { users, changes, io }: { users: UsersRepository; changes: AccountChanges; io: CliIo },
): Promise<boolean> {
  const existing = (username: string) => {
    const user = users.findByUsername(username);
    if (!user) throw new CommandError(`there is no user named "${username}"`);
    return user;
  };
  switch (command) {
    case 'list': {
      if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
      for (const user of users.list()) {
        io.out(`${user.username}\t${user.email}\tsmart=${user.accessSmart}\tpro=${user.accessPro}`);
      }
      return true;
    }
    case 'add': {
      const username = one(args, '<username>');
      if (username.length > 50) throw new UsageError('the username may have at most 50 characters');
      const email = values.email;
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
        throw new UsageError('--email must be an e-mail address');
      }
      if (users.findByUsername(username)) {
        throw new CommandError(`a user named "${username}" exists`);
      }
      if (users.findByEmail(email)) throw new CommandError(`a user with e-mail "${email}" exists`);
      const secret = password(values.password);
      await changes.add(
        {
          username,
          email,
          passwordHash: await hashPassword(secret.password),
          firstName: values['first-name'] ?? '',
          lastName: values['last-name'] ?? '',
          accessSmart: access(values.smart, 'smart') ?? 'no-access',
          accessPro: access(values.pro, 'pro') ?? 'no-access',
        },
        CLI,
      );
      io.out(`Added user "${username}".`);
      if (secret.generated) io.out(`Password: ${secret.password}`);
      return true;
    }
    case 'access': {
      const username = one(args, '<username>');
      const smart = access(values.smart, 'smart');
      const pro = access(values.pro, 'pro');
      if (!smart && !pro) throw new UsageError('give --smart and/or --pro');
      const user = existing(username);
      const next = { smart: smart ?? user.accessSmart, pro: pro ?? user.accessPro };
      await changes.setAccess(user, next.smart, next.pro, CLI);
      io.out(`"${user.username}" now has smart=${next.smart}, pro=${next.pro}.`);
      return true;
    }
    case 'password': {
      const user = existing(one(args, '<username>'));
      const secret = password(values.password);
      await changes.setPassword(user, await hashPassword(secret.password), CLI);
      io.out(`Password of "${user.username}" changed.`);
      if (secret.generated) io.out(`Password: ${secret.password}`);
      return true;
    }
    case 'language': {
      const [username, language, ...extra] = args;
      if (!username) throw new UsageError('missing <username>');
      if (language !== 'de' && language !== 'en') {
        throw new UsageError(`the language must be de or en, got "${language ?? ''}"`);
      }
      if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
      const user = existing(username);
      await changes.setLanguage(user, language);
      io.out(
        `"${user.username}" now gets alarm mails in ${language === 'de' ? 'German' : 'English'}.`,
      );
      return true;
    }
    default:
      return false;
  }
}
