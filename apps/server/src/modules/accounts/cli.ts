import { randomBytes } from 'node:crypto';
import {
  ACCESS_LEVELS,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  isDay,
  newPasswordProblem,
  type Access,
} from '@raumregler/contract';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { UsersRepository } from '../../platform/auth/users.js';
import { CommandError, one, UsageError, type CliIo } from '../../platform/cli/errors.js';
import { LastBuildingManagerError, LastManagerError, type AccountChanges } from './service.js';

/** The options of the `user` commands (node's parseArgs). */
export const USER_OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  smart: { type: 'string' },
  pro: { type: 'string' },
  // `user scope` and `user valid` (issue 34)
  floors: { type: 'string' },
  rooms: { type: 'string' },
  all: { type: 'boolean' },
  from: { type: 'string' },
  until: { type: 'string' },
  always: { type: 'boolean' },
} as const;

type UserOptions = Partial<Record<keyof typeof USER_OPTIONS, string | boolean>>;

/** A string option's value (node's parseArgs gives booleans only to boolean options). */
const textOf = (value: string | boolean | undefined) =>
  typeof value === 'string' ? value : undefined;

/** `1,2` → [1, 2]: ids of floors or rooms; the flag names what is wrong. */
function idsOf(value: string | boolean | undefined, flag: string): number[] {
  const text = textOf(value);
  if (text === undefined) return [];
  if (!/^\d{1,9}(,\d{1,9})*$/.test(text)) {
    throw new UsageError(
      `--${flag} must be ids separated by commas (such as 1,2), got "${text.slice(0, 100)}"`,
    );
  }
  return text.split(',').map(Number);
}

function dayOf(value: string | boolean | undefined, flag: string): string | null {
  const text = textOf(value);
  if (text === undefined) return null;
  if (!isDay(text)) {
    throw new UsageError(`--${flag} must be a day YYYY-MM-DD, got "${String(text).slice(0, 100)}"`);
  }
  return text;
}

/** A scoped or time-limited user's extra columns in `user list` (none for the others). */
const listScope = (user: {
  floors: number[];
  rooms: number[];
  validFrom: string | null;
  validUntil: string | null;
}) =>
  (user.floors.length > 0 ? `\tfloors=${user.floors.join(',')}` : '') +
  (user.rooms.length > 0 ? `\trooms=${user.rooms.join(',')}` : '') +
  (user.validFrom || user.validUntil
    ? `\tvalid=${user.validFrom ?? ''}..${user.validUntil ?? ''}`
    : '');

/** What a scope reads as in the command's answers. */
const scopeText = (floors: readonly number[], rooms: readonly number[]) =>
  floors.length === 0 && rooms.length === 0
    ? 'the whole building'
    : [
        floors.length > 0 ? `floors ${floors.join(', ')}` : '',
        rooms.length > 0 ? `rooms ${rooms.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' and ');

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
    if (error instanceof LastManagerError || error instanceof LastBuildingManagerError) {
      throw new CommandError(error.message);
    }
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
  {
    users,
    changes,
    io,
    known,
  }: {
    users: UsersRepository;
    changes: AccountChanges;
    io: CliIo;
    /** The building's floor and room ids: a scope names only existing ones. */
    known: () => { floors: Set<number>; rooms: Set<number> };
  },
): Promise<boolean> {
  const existing = async (username: string) => {
    const user = await users.findByUsername(username);
    if (!user) throw new CommandError(`there is no user named "${username}"`);
    return user;
  };
  switch (command) {
    case 'list': {
      if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
      for (const user of await users.list()) {
        io.out(
          `${user.username}\t${user.email}\tsmart=${user.accessSmart}\tpro=${user.accessPro}${user.disabledAt === null ? '' : '\tdisabled'}${listScope(user)}`,
        );
      }
      return true;
    }
    case 'add': {
      const username = one(args, '<username>');
      if (username.length > 50) throw new UsageError('the username may have at most 50 characters');
      const email = textOf(values.email);
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
        throw new UsageError('--email must be an e-mail address');
      }
      if (await users.findByUsername(username)) {
        throw new CommandError(`a user named "${username}" exists`);
      }
      if (await users.findByEmail(email))
        throw new CommandError(`a user with e-mail "${email}" exists`);
      const secret = password(textOf(values.password));
      await changes.add(
        {
          username,
          email,
          passwordHash: await hashPassword(secret.password),
          firstName: textOf(values['first-name']) ?? '',
          lastName: textOf(values['last-name']) ?? '',
          accessSmart: access(textOf(values.smart), 'smart') ?? 'no-access',
          accessPro: access(textOf(values.pro), 'pro') ?? 'no-access',
        },
        CLI,
      );
      io.out(`Added user "${username}".`);
      if (secret.generated) io.out(`Password: ${secret.password}`);
      return true;
    }
    case 'access': {
      const username = one(args, '<username>');
      const smart = access(textOf(values.smart), 'smart');
      const pro = access(textOf(values.pro), 'pro');
      if (!smart && !pro) throw new UsageError('give --smart and/or --pro');
      const user = await existing(username);
      const next = { smart: smart ?? user.accessSmart, pro: pro ?? user.accessPro };
      await changes.setAccess(user, next.smart, next.pro, CLI);
      io.out(`"${user.username}" now has smart=${next.smart}, pro=${next.pro}.`);
      return true;
    }
    case 'password': {
      const user = await existing(one(args, '<username>'));
      const secret = password(textOf(values.password));
      await changes.setPassword(user, await hashPassword(secret.password), CLI);
      io.out(`Password of "${user.username}" changed.`);
      if (secret.generated) io.out(`Password: ${secret.password}`);
      return true;
    }
    // Scope and validity (issue 34): on a running server within a second, like disable.
    case 'scope': {
      const user = await existing(one(args, '<username>'));
      const floors = idsOf(values.floors, 'floors');
      const rooms = idsOf(values.rooms, 'rooms');
      if (values.all === true && (floors.length > 0 || rooms.length > 0)) {
        throw new UsageError('give either --all or --floors/--rooms');
      }
      if (values.all !== true && floors.length === 0 && rooms.length === 0) {
        throw new UsageError('give --floors and/or --rooms, or --all for the whole building');
      }
      const building = known();
      const floor = floors.find((id) => !building.floors.has(id));
      if (floor !== undefined) throw new CommandError(`there is no floor ${floor}`);
      const room = rooms.find((id) => !building.rooms.has(id));
      if (room !== undefined) throw new CommandError(`there is no room ${room}`);
      const changed = await unlessLastManager(changes.setScope(user, floors, rooms, CLI));
      io.out(
        `"${user.username}" ${changed ? 'now sees' : 'already saw'} ${scopeText(floors, rooms)}.`,
      );
      return true;
    }
    case 'valid': {
      const user = await existing(one(args, '<username>'));
      const from = dayOf(values.from, 'from');
      const until = dayOf(values.until, 'until');
      if (values.always === true && (from !== null || until !== null)) {
        throw new UsageError('give either --always or --from/--until');
      }
      if (values.always !== true && from === null && until === null) {
        throw new UsageError('give --from and/or --until, or --always');
      }
      if (from !== null && until !== null && from > until) {
        throw new UsageError('--until must not be before --from');
      }
      await unlessLastManager(changes.setValidity(user, from, until, CLI));
      io.out(
        from === null && until === null
          ? `"${user.username}" has access without a time limit.`
          : `"${user.username}" has access ${from ? `from ${from}` : ''}${from && until ? ' ' : ''}${until ? `until ${until}` : ''} (both days included).`,
      );
      return true;
    }
    case 'language': {
      const [username, language, ...extra] = args;
      if (!username) throw new UsageError('missing <username>');
      if (language !== 'de' && language !== 'en') {
        throw new UsageError(`the language must be de or en, got "${language ?? ''}"`);
      }
      if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
      const user = await existing(username);
      await changes.setLanguage(user, language);
      io.out(
        `"${user.username}" now gets alarm mails in ${language === 'de' ? 'German' : 'English'}.`,
      );
      return true;
    }
    // Each acts on a running server within a second: it reads a signed-in user again at most
    // every second (platform/auth/plugin.ts) and refuses one disabled or gone.
    case 'disable': {
      const user = await existing(one(args, '<username>'));
      const changed = await unlessLastManager(changes.disable(user, CLI));
      io.out(
        changed
          ? `"${user.username}" is disabled and can no longer sign in.`
          : `"${user.username}" was disabled already.`,
      );
      return true;
    }
    case 'enable': {
      const user = await existing(one(args, '<username>'));
      const changed = await changes.enable(user, CLI);
      io.out(
        changed
          ? `"${user.username}" is enabled and can sign in again.`
          : `"${user.username}" was not disabled.`,
      );
      return true;
    }
    case 'delete': {
      const user = await existing(one(args, '<username>'));
      const elsewhere = [...user.houses.keys()].filter((house) => house !== users.houseId);
      await unlessLastManager(changes.remove(user, CLI));
      io.out(
        elsewhere.length === 0
          ? `Deleted user "${user.username}".`
          : `Removed "${user.username}" from building ${users.houseId}; the account stays for building ${elsewhere.join(', ')}.`,
      );
      return true;
    }
    default:
      return false;
  }
}
