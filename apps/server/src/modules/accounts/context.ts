import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import {
  createResetTokensRepository,
  type ResetTokensRepository,
} from './reset-tokens-repository.js';
import { rateLimit } from './rate-limit.js';
import { createAccountChanges, type AccountChanges } from './service.js';
import { perHouse, type House } from '../building/index.js';
import { createUsersRepository, type UsersRepository } from '../../platform/auth/users.js';

export interface AccountsContext {
  /**
   * Every change to an account and its access in a building, with its audit entry
   * (service.ts): the building's members' changes.
   */
  changesOf: (house: House) => AccountChanges;
  /** A building's users (their access there), for the members' reads. */
  usersOf: (house: House) => UsersRepository;
  resetTokens: ResetTokensRepository;
  allowRegistration: boolean;
  /** Origin of reset links; null = http://localhost:<listening port>. */
  publicUrl: string | null;
  /** preHandlers, shared by both mounts so that / and /api do not double the allowance. */
  limits: { mail: RateLimiter; attempt: RateLimiter };
}
type RateLimiter = ReturnType<typeof rateLimit>;

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsContext;
  }
}

/**
 * What the account routes share across both mounts (/ and /api): their settings and rate
 * limits. Mail goes through the mailer plugin, time through the one clock.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const now = app.clock.now;
    const usersOf = perHouse((house) => createUsersRepository(app.sql, house.id));
    app.decorate('accounts', {
      usersOf,
      changesOf: perHouse((house) =>
        createAccountChanges({
          users: usersOf(house),
          audit: app.audit,
          commit: app.commit,
          now,
          today: app.today,
          signInChanged: app.signInChanged,
        }),
      ),
      resetTokens: createResetTokensRepository(app.sql),
      allowRegistration: config.allowRegistration,
      publicUrl: config.publicUrl,
      limits: {
        // Reset mails and registrations: a person needs a few, a flood needs many.
        mail: rateLimit({ max: 10, windowMs: 15 * 60_000, now }),
        // Password changes: typos happen, guessing a 256-bit token does not.
        attempt: rateLimit({ max: 30, windowMs: 15 * 60_000, now }),
      },
    });
  },
  {
    name: 'accounts-context',
    dependencies: ['database', 'clock', 'mailer', 'auth', 'audit', 'building'],
  },
);
