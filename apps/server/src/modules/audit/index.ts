import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SignInRefusal } from '../../platform/auth/plugin.js';
import auditRoutes from './routes.js';
import auditService, { requestSource } from './service.js';

export { createAuditRepository } from './repository.js';
export {
  createAudit,
  requestActor,
  requestSource,
  type Actor,
  type Audit,
  type AuditInput,
  type AuditWho,
} from './service.js';

/**
 * The audit log: every module records its changes through `app.audit`, and `/api/audit`
 * (managers) reads them back as a table or CSV.
 */
export default fp(
  async (app) => {
    await app.register(auditService);
    await app.register(auditRoutes, { prefix: '/api/audit' });
  },
  { name: 'audit-module', dependencies: ['database', 'clock', 'auth'] },
);

/**
 * The auth plugin's `onRefusal` (platform/auth): one entry when a limit starts refusing. It names
 * the account as stored when the name sent is one; otherwise no user and `account: "unknown"`,
 * because the text typed into the name field may be a password (and managers read this log).
 * The password tried is never kept. Written in its own commit without holding up the answer; a
 * failure to write it is logged.
 */
export function recordSignInRefusal(
  app: FastifyInstance,
  request: FastifyRequest,
  refusal: SignInRefusal,
): void {
  app
    .commit((tx) =>
      app.audit.record(tx, {
        user: refusal.username,
        subject: refusal.username,
        source: requestSource(request),
        action: 'sign-in-refused',
        after: {
          scope: refusal.scope,
          ...(refusal.username === null ? { account: 'unknown' } : {}),
          client: request.ip,
          failures: refusal.failures,
          blocked_seconds: refusal.blockedSeconds,
        },
      }),
    )
    .catch((error: unknown) =>
      request.log.error({ err: error }, 'could not record the refused sign-ins'),
    );
}
