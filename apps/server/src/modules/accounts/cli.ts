import { randomBytes } from 'node:crypto';
import {
  ACCESS_LEVELS,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  newPasswordProblem,
  type Access,
} from '@raumregler/contract';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { UsersRepository } from '../../platform/auth/users.js';
import { CommandError, one, UsageError, type CliIo } from '../../platform/cli/errors.js';
import { LastManagerError, type AccountChanges } from './service.js';

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

const CLI = { user: null, source: 'cli' } as const;

function access(value: string | undefined, flag: string): Access | undefined {
  if (value === undefined) return undefined;
  if (!ACCESS_LEVELS.includes(value as Access)) {
    throw new UsageError(`--${flag} must be one of ${ACCESS_LEVELS.join(', ')}, got "${value}"`);
  }
  return value as Access;
}

function password(value: string | undefined): { password: string; generated: boolean } {
  // 16 characters of base64url: 96 random bits, within the one rule for new passwords.
  if (value === undefined) {
    return { password: randomBytes(12).toString('base64url'), generated: true };
  }
  // The same rule as registration, reset links and "Mein Konto" (the contract's): a password
  // the sign-in form would refuse could never be used.
  if (newPasswordProblem(value) !== null) {
    throw new UsageError(
      `--password must have ${NEW_PASSWORD_MIN} to ${NEW_PASSWORD_MAX} characters, got ${[...value].length}`,
    );
  }
  return { password: value, generated: false };
}

/** Runs an account change, turning the last-manager refusal into the command's error. */
async function unlessLastManager<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof LastManagerError) throw new CommandError(error.message);
    throw error;
  }
}

/**
 * `user list|add|access|password|language|disable|enable|delete …`: the accounts on the server's database. Answers
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
        io.out(
          `${user.username}\t${user.email}\tsmart=${user.accessSmart}\tpro=${user.accessPro}${user.disabledAt === null ? '' : '\tdisabled'}`,
        );
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
    // Each acts on a running server within a second: it reads a signed-in user again at most
    // every second (platform/auth/plugin.ts) and refuses one disabled or gone.
    case 'disable': {
      const user = existing(one(args, '<username>'));
      const changed = await unlessLastManager(changes.disable(user, CLI));
      io.out(
        changed
          ? `"${user.username}" is disabled and can no longer sign in.`
          : `"${user.username}" was disabled already.`,
      );
      return true;
    }
    case 'enable': {
      const user = existing(one(args, '<username>'));
      const changed = await changes.enable(user, CLI);
      io.out(
        changed
          ? `"${user.username}" is enabled and can sign in again.`
          : `"${user.username}" was not disabled.`,
      );
      return true;
    }
    case 'delete': {
      const user = existing(one(args, '<username>'));
      await unlessLastManager(changes.remove(user, CLI));
      io.out(`Deleted user "${user.username}".`);
      return true;
    }
    default:
      return false;
  }
}
