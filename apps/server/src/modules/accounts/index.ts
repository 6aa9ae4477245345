import fp from 'fastify-plugin';
import appConfigRoute, { demoLoginCheck } from './app-config.js';
import accountsContext from './context.js';
import accountRoutes from './routes.js';

export { runUserCommand, USER_OPTIONS } from './cli.js';
export { LOG_REDACT_PATHS, requestLogSerializer } from './log-redaction.js';
export { translatorFor } from './messages.js';
export { createAccountChanges, type AccountChanges } from './service.js';

/**
 * Accounts: the signed-in user (`/user`, and under `/api` its own password change), registration, forgotten and reset passwords, and the
 * app's sign-in configuration, at the root (tools) and under `/api` (the web app). Sign-in
 * itself is the platform's (platform/auth).
 */
export default fp(
  async (app) => {
    await app.register(accountsContext, { config: app.config });
    const demoLogin = demoLoginCheck(app);
    for (const prefix of ['', '/api']) {
      await app.register(appConfigRoute, { prefix, demoLogin });
      await app.register(accountRoutes, { prefix, own: prefix === '/api' });
    }
  },
  { name: 'accounts-module', dependencies: ['database', 'clock', 'mailer', 'auth', 'audit'] },
);
