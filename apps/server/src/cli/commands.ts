import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ACCESS_LEVELS, type Access, type AuditAccountAction } from '@raumregler/contract';
import type { Database } from 'better-sqlite3';
import { createAuditRepository } from '../modules/audit/repository.js';
import { createUsersRepository } from '../platform/auth/users.js';
import { runSimCommand, SimCommandError } from '../modules/building/sim-cli.js';
import { importSeed } from '../modules/building/seed-import.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { parseSeed, SeedError } from '../modules/building/seed.js';

export const USAGE = `Usage: npm run cli -w apps/server -- <command>

Commands:
  user list
      List users and their access.
  user add <username> --email <address> [--password <password>]
           [--first-name <name>] [--last-name <name>] [--smart <access>] [--pro <access>]
      Add a user. Without --password a random one is generated and printed.
      Access defaults to no-access in both areas.
  user access <username> [--smart <access>] [--pro <access>]
      Set a user's access. <access> is one of: ${ACCESS_LEVELS.join(', ')}.
  user password <username> [--password <password>]
      Reset a password. Without --password a random one is generated and printed.
  user language <username> de|en
      The language of the user's alarm mails (default de).
  seed import <file>
      Check a seed file and write its building and users into the database (existing users
      with the same name are kept; floors and rooms with the same ids are replaced).
  sim window <roomId> open|closed
      Open or close a window of a simulated room: it loses heat fast until closed. Acts on
      the running server within 5 s. Refused in proxy mode (UPSTREAM_URL set).
  sim sensor <roomId> off|on
      Stop or resume a simulated room's sensor: no new readings while off.
  help
      Show this text.

The database is the one the server uses: DATA_DIR (default ./data) or DATABASE_FILE.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A mistake of the caller: printed with the usage hint, exit code 2. */
class UsageError extends Error {}
/** A request that cannot be done (unknown user, bad seed): printed, exit code 1. */
class CommandError extends Error {}

const MIN_PASSWORD = 8;

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

function one(positionals: string[], what: string): string {
  const [value, ...rest] = positionals;
  if (!value) throw new UsageError(`missing ${what}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  return value;
}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  smart: { type: 'string' },
  pro: { type: 'string' },
} as const;

/**
 * Runs one command against an open database; answers the process exit code. `now` is the clock
 * (cli.ts passes Date.now) that stamps new users and imported sensor readings.
 */
export async function runCli(
  argv: string[],
  db: Database,
  io: CliIo,
  now: () => number,
  /** Proxy mode (UPSTREAM_URL set): there is no simulated building to act on. */
  { proxy = false }: { proxy?: boolean } = {},
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    const [area, command, ...rest] = positionals;
    const users = createUsersRepository(db);
    const audit = createAuditRepository(db);
    /** An account event of the CLI, in the same transaction as the change it describes. */
    const audited = (
      change: () => void,
      entry: {
        action: AuditAccountAction;
        subject: string;
        before?: Record<string, unknown>;
        after?: Record<string, unknown>;
      },
    ) =>
      db.transaction(() => {
        change();
        audit.insert({ ...entry, at: now(), username: null, source: 'cli' });
      })();
    const key = `${area ?? ''} ${command ?? ''}`.trim();
    switch (key) {
      case '':
      case 'help':
        io.out(USAGE);
        return 0;
      case 'user list': {
        if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
        for (const user of users.list()) {
          io.out(
            `${user.username}\t${user.email}\tsmart=${user.accessSmart}\tpro=${user.accessPro}`,
          );
        }
        return 0;
      }
      case 'user add': {
        const username = one(rest, '<username>');
        if (username.length > 50)
          throw new UsageError('the username may have at most 50 characters');
        const email = values.email;
        if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
          throw new UsageError('--email must be an e-mail address');
        }
        if (users.findByUsername(username))
          throw new CommandError(`a user named "${username}" exists`);
        if (users.findByEmail(email))
          throw new CommandError(`a user with e-mail "${email}" exists`);
        const secret = password(values.password);
        const passwordHash = await hashPassword(secret.password);
        const accessSmart = access(values.smart, 'smart') ?? 'no-access';
        const accessPro = access(values.pro, 'pro') ?? 'no-access';
        audited(
          () =>
            users.insert(
              {
                username,
                email,
                passwordHash,
                firstName: values['first-name'] ?? '',
                lastName: values['last-name'] ?? '',
                accessSmart,
                accessPro,
              },
              now(),
            ),
          {
            action: 'user-added',
            subject: username,
            after: { username, access_smart: accessSmart, access_pro: accessPro },
          },
        );
        io.out(`Added user "${username}".`);
        if (secret.generated) io.out(`Password: ${secret.password}`);
        return 0;
      }
      case 'user access': {
        const username = one(rest, '<username>');
        const smart = access(values.smart, 'smart');
        const pro = access(values.pro, 'pro');
        if (!smart && !pro) throw new UsageError('give --smart and/or --pro');
        const user = users.findByUsername(username);
        if (!user) throw new CommandError(`there is no user named "${username}"`);
        audited(() => users.setAccess(user.id, smart ?? user.accessSmart, pro ?? user.accessPro), {
          action: 'access-changed',
          subject: user.username,
          before: { access_smart: user.accessSmart, access_pro: user.accessPro },
          after: { access_smart: smart ?? user.accessSmart, access_pro: pro ?? user.accessPro },
        });
        io.out(
          `"${user.username}" now has smart=${smart ?? user.accessSmart}, pro=${pro ?? user.accessPro}.`,
        );
        return 0;
      }
      case 'user password': {
        const username = one(rest, '<username>');
        const user = users.findByUsername(username);
        if (!user) throw new CommandError(`there is no user named "${username}"`);
        const secret = password(values.password);
        const passwordHash = await hashPassword(secret.password);
        audited(() => users.setPasswordHash(user.id, passwordHash), {
          action: 'password-changed',
          subject: user.username,
        });
        io.out(`Password of "${user.username}" changed.`);
        if (secret.generated) io.out(`Password: ${secret.password}`);
        return 0;
      }
      case 'user language': {
        const [username, language, ...extra] = rest;
        if (!username) throw new UsageError('missing <username>');
        if (language !== 'de' && language !== 'en') {
          throw new UsageError(`the language must be de or en, got "${language ?? ''}"`);
        }
        if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
        const user = users.findByUsername(username);
        if (!user) throw new CommandError(`there is no user named "${username}"`);
        db.prepare('UPDATE users SET language = ? WHERE id = ?').run(language, user.id);
        io.out(
          `"${user.username}" now gets alarm mails in ${language === 'de' ? 'German' : 'English'}.`,
        );
        return 0;
      }
      case 'sim window':
      case 'sim sensor': {
        const [roomId, state, ...extra] = rest;
        if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
        io.out(runSimCommand(db, command!, roomId, state, proxy));
        return 0;
      }
      case 'seed import': {
        const file = one(rest, '<file>');
        let raw: unknown;
        try {
          raw = JSON.parse(readFileSync(file, 'utf8'));
        } catch (error) {
          throw new CommandError(`cannot read ${file}: ${(error as Error).message}`);
        }
        const seed = parseSeed(raw);
        await importSeed(db, seed, now());
        const rooms = seed.floors.reduce((sum, floor) => sum + floor.rooms.length, 0);
        io.out(
          `Imported "${seed.building.name}": ${seed.floors.length} floors, ${rooms} rooms, ${seed.users.length} users.`,
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${key}"`);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`Error: ${(error as Error).message}`);
      io.err('Run "npm run cli -w apps/server -- help" for the commands.');
      return 2;
    }
    if (error instanceof SimCommandError && error.usage) {
      io.err(`Error: ${error.message}`);
      io.err('Run "npm run cli -w apps/server -- help" for the commands.');
      return 2;
    }
    if (
      error instanceof CommandError ||
      error instanceof SeedError ||
      error instanceof SimCommandError
    ) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
