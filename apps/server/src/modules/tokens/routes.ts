import {
  managesBuilding,
  type CreatedToken,
  type RevokedToken,
  type TokenList,
} from '@raumregler/contract';
import {
  CreatedTokenSchema,
  RevokedTokenSchema,
  TokenListSchema,
  TokenPayloadSchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { holderOf, userCan } from '../../platform/auth/permissions.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { registerFormBodies } from '../../platform/http/form-bodies.js';
import { requestSource, type AuditWho } from '../audit/index.js';
import { readTokenFields } from './fields.js';
import { tokenMessagesFor } from './messages.js';
import type { TokenService } from './service.js';

/**
 * `GET|POST /api/tokens/`, `DELETE /api/tokens/{id}/` (docs/accounts.md "Access tokens"): a
 * signed-in user's tokens; building-wide managers see and revoke everyone's. Passwords only: no
 * token manages tokens (decision 0080).
 */
const tokenRoutes: FastifyPluginAsync<{ service: TokenService }> = async (app, { service }) => {
  await registerFormBodies(app);
  const tokens = app.repos.accessTokens;
  const signedIn = [app.authenticate, app.refuseTokens('access tokens')];
  const manager = (request: FastifyRequest) =>
    managesBuilding(holderOf(request.user!), app.today());
  const who = (request: FastifyRequest): AuditWho => ({
    user: request.user!.username,
    source: requestSource(request),
  });

  app.get(
    '/',
    {
      preHandler: signedIn,
      config: { docs: { summary: 'Your access tokens (building-wide managers: everyone’s)' } },
      schema: { response: { 200: TokenListSchema } },
    },
    async (request): Promise<TokenList> => {
      const list = await tokens.listActive(manager(request) ? undefined : request.user!.id);
      return { tokens: list.map(service.toWire) };
    },
  );

  // Creating needs the read capability: a token of someone who may see nothing is of no use.
  app.post(
    '/',
    {
      preHandler: [...signedIn, app.requireCapability('read')],
      config: {
        docs: {
          summary: 'Create an access token; its secret (`token`) is in this answer only',
          form: TokenPayloadSchema,
        },
      },
      schema: { response: { 201: CreatedTokenSchema } },
    },
    async (request, reply): Promise<CreatedToken> => {
      const user = request.user!;
      const today = app.today();
      const fields = readTokenFields(request, tokenMessagesFor(request), {
        mayWrite: userCan(user, 'write', null, today),
        today,
      });
      const { token, secret } = await service.create(user, fields, who(request));
      request.log.info({ tokenId: token.id, userId: user.id }, 'access token created');
      // The secret is in this answer only: no cache keeps it.
      reply.code(201).header('cache-control', 'no-store');
      return { token: { ...service.toWire(token), token: secret } };
    },
  );

  app.delete(
    '/:id/',
    {
      preHandler: signedIn,
      config: { docs: { summary: 'Revoke an access token: refused from the next request on' } },
      schema: { response: { 200: RevokedTokenSchema } },
    },
    async (request): Promise<RevokedToken> => {
      const t = tokenMessagesFor(request);
      const raw = (request.params as { id: string }).id;
      const token = /^\d{1,9}$/.test(raw) ? await tokens.findById(Number(raw)) : null;
      // Someone else's token is unknown to them, unless they manage the building.
      const visible =
        token !== null &&
        token.revokedAt === null &&
        (token.userId === request.user!.id || manager(request));
      if (!visible) throw new HttpError(404, 'not_found', t('notFound'));
      // Refused on its very next request, on every node (the service, inside its commit).
      const revoked = await service.revoke(token, who(request));
      if (!revoked) throw new HttpError(404, 'not_found', t('notFound'));
      request.log.info({ tokenId: token.id }, 'access token revoked');
      return { token: service.toWire(revoked) };
    },
  );
};

export default tokenRoutes;
