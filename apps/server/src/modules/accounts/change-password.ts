import {
  accountPaths,
  type ChangePasswordPayload,
  type MessageResponse,
} from '@raumregler/contract';
import { ChangePasswordPayloadSchema, MessageResponseSchema } from '@raumregler/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/auth/passwords.js';
import { requestSource } from '../audit/index.js';
import { field } from './body.js';
import { messagesFor } from './messages.js';
import { FieldErrors } from './validation.js';

/**
 * `POST /api/user/password` ("Mein Konto"): the signed-in user sets a new password. The write is
 * authenticated like every other, with the current password in `password` (a wrong one is the
 * sign-in's 401 and counts towards its limits), and the new one follows the same rule as a reset.
 * Every sign-in cached with the old password is forgotten at once, on every node (the service).
 */
export function changePasswordRoute(app: FastifyInstance) {
  app.post(
    accountPaths.changePassword,
    {
      // Passwords only: no access token changes its owner's password (decision 0080).
      preHandler: [app.authenticate, app.refuseTokens('your password')],
      config: {
        docs: {
          summary: 'Change the signed-in user’s own password',
          tags: ['accounts'],
          form: ChangePasswordPayloadSchema,
        },
      },
      schema: { response: { 200: MessageResponseSchema } },
    },
    async (request): Promise<MessageResponse> => {
      const user = request.user!;
      const t = messagesFor(request);
      const errors = new FieldErrors(t);
      const password = field<ChangePasswordPayload>(request, 'new_password');
      errors.newPassword(
        password,
        field<ChangePasswordPayload>(request, 'new_password_confirmation'),
        { password: 'new_password', confirmation: 'new_password_confirmation' },
      );
      errors.throwIfAny();
      await app.accounts
        .changesOf(app.houses.own())
        .setPassword(user, await hashPassword(password!), {
          user: user.username,
          source: requestSource(request),
        });
      request.log.info({ userId: user.id }, 'password changed by its user');
      return { message: t('passwordChanged') };
    },
  );
}
