import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokenRecord } from '../../platform/auth/access-tokens.js';
import { requestSource } from '../audit/index.js';
import tokenRoutes from './routes.js';
import type { Tx } from '../../platform/database/schema.js';
import { auditedToken, createTokenService } from './service.js';

/**
 * Access tokens (issue 35): `/api/tokens/` to create, list and revoke them. Signing in with one
 * (`Authorization: Bearer rr_…`) is the platform's (platform/auth), like passwords.
 */
export default fp(
  async (app) => {
    const service = createTokenService({
      tokens: app.repos.accessTokens,
      audit: app.audit,
      commit: app.commit,
      now: app.clock.now,
      local: app.clock.local,
      mint: app.accessTokens.mint,
      signInChanged: app.signInChanged,
    });
    await app.register(tokenRoutes, { prefix: '/api/tokens', service });
  },
  { name: 'tokens-module', dependencies: ['database', 'clock', 'auth', 'audit'] },
);

/**
 * The auth plugin's `onTokenFirstUse`: the `token-first-used` entry, written inside the commit
 * that notes the use (so it is written once). `user` is the owner, `client` the address.
 */
export async function recordTokenFirstUse(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  token: AccessTokenRecord,
): Promise<void> {
  await app.audit.record(tx, {
    user: token.owner,
    source: requestSource(request),
    action: 'token-first-used',
    subject: token.owner,
    after: { ...auditedToken(token), client: request.ip },
  });
}
