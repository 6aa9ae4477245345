import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import {
  createResetTokensRepository,
  type ResetTokensRepository,
} from '../../db/repositories/reset-tokens.js';
import { createMailer, type Mailer } from '../../mail/mailer.js';
import { rateLimit } from './rate-limit.js';

export interface AccountsContext {
  mailer: Mailer;
  resetTokens: ResetTokensRepository;
  allowRegistration: boolean;
  /** Origin of reset links; null = http://localhost:<listening port>. */
  publicUrl: string | null;
  /** The clock of token expiry and rate limits; tests replace it instead of sleeping. */
  now: () => number;
  /** preHandlers, shared by both mounts so that / and /api do not double the allowance. */
  limits: { mail: RateLimiter; attempt: RateLimiter };
}
type RateLimiter = ReturnType<typeof rateLimit>;

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsContext;
  }
}

/** What the account routes share across both mounts (/ and /api): one mailer, one clock. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
    });
    const now = () => app.accounts.now();
    app.decorate('accounts', {
      mailer,
      resetTokens: createResetTokensRepository(app.db),
      allowRegistration: config.allowRegistration,
      publicUrl: config.publicUrl,
      now: Date.now,
      limits: {
        // Reset mails and registrations: a person needs a few, a flood needs many.
        mail: rateLimit({ max: 10, windowMs: 15 * 60_000, now }),
        // Password changes: typos happen, guessing a 256-bit token does not.
        attempt: rateLimit({ max: 30, windowMs: 15 * 60_000, now }),
      },
    });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'accounts-context', dependencies: ['database'] },
);
