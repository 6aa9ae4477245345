import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/mail/. */
    mailer: Mailer;
  }
}

/** The mail service, one for the whole app (both mounts of the accounts routes, later alarms). */
export default fp<{ smtpUrl: string | null; from: string; dataDir: string }>(
  async (app, options) => {
    const mailer = createMailer(options);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
