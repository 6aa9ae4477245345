import {
  accountPaths,
  type MessageResponse,
  type ResetPasswordPayload,
} from '@raumregler/contract';
import { MessageResponseSchema, ResetPasswordPayloadSchema } from '@raumregler/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/auth/passwords.js';
import { requestSource } from '../audit/index.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { field } from './body.js';
import { messagesFor } from './messages.js';
import { tokenDigest } from './tokens.js';
import { FieldErrors } from './validation.js';

/** Sets a new password with a reset token: single use, 60 minutes, bound to its address. */
export function resetPasswordRoute(app: FastifyInstance) {
  app.post(
    accountPaths.resetPassword,
    {
      preHandler: app.accounts.limits.attempt,
      config: {
        docs: {
          summary: 'Set a new password with the token of a reset link',
          tags: ['accounts'],
          public: true,
          form: ResetPasswordPayloadSchema,
          errors: [400, 429],
        },
      },
      schema: { response: { 200: MessageResponseSchema } },
    },
    async (request): Promise<MessageResponse> => {
      const t = messagesFor(request);
      const errors = new FieldErrors(t);
      const token = field<ResetPasswordPayload>(request, 'token')?.trim() ?? '';
      const rawEmail = field<ResetPasswordPayload>(request, 'email');
      if (token === '' || !rawEmail?.trim()) {
        errors.add(token === '' ? 'token' : 'email', 'tokenRequired');
      }
      const email = rawEmail?.trim() ? errors.email('email', rawEmail) : '';
      const password = field<ResetPasswordPayload>(request, 'password');
      errors.newPassword(password, field<ResetPasswordPayload>(request, 'password_confirmation'));
      errors.throwIfAny();

      const invalid = () => new HttpError(400, 'invalid_token', t('invalidToken'));
      const record =
        token.length <= 200 ? await app.accounts.resetTokens.findByHash(tokenDigest(token)) : null;
      const user = record ? await app.repos.users.findById(record.userId) : null;
      if (
        !record ||
        !user ||
        user.disabledAt !== null ||
        record.usedAt !== null ||
        record.expiresAt <= app.clock.now() ||
        user.email.toLowerCase() !== email.toLowerCase()
      ) {
        throw invalid();
      }
      const passwordHash = await hashPassword(password!);
      const redeemed = await app.commit(async (tx) => {
        const now = app.clock.now();
        if (!(await app.accounts.resetTokens.redeem(tx, record.id, user.id, passwordHash, now))) {
          return false;
        }
        // Sign-ins cached with the old password must not outlive it, on any node.
        await app.signInChanged(tx, user.id);
        await app.audit.record(tx, {
          user: user.username,
          source: requestSource(request),
          action: 'password-reset',
          subject: user.username,
        });
        return true;
      });
      if (!redeemed) throw invalid();
      request.log.info({ userId: user.id }, 'password changed with a reset link');
      return { message: t('passwordChanged') };
    },
  );
}
