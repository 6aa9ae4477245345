import {
  accountPaths,
  type ForgotPasswordPayload,
  type MessageResponse,
} from '@raumregler/contract';
import { ForgotPasswordPayloadSchema, MessageResponseSchema } from '@raumregler/contract/schemas';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { resetMail } from './reset-mail.js';
import { field } from './body.js';
import { messagesFor } from './messages.js';
import { newResetToken, TOKEN_VALID_MINUTES, tokenDigest } from './tokens.js';
import { FieldErrors } from './validation.js';

/** Where reset links point: PUBLIC_URL, else this server on localhost. */
function publicOrigin(app: FastifyInstance) {
  if (app.accounts.publicUrl) return app.accounts.publicUrl;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 8080;
  return `http://localhost:${port}`;
}

export function resetLink(origin: string, token: string, email: string) {
  const query = new URLSearchParams({ token, email });
  return `${origin}/re/home/auth/reset-password/change?${query.toString()}`;
}

/** How long after the answer the reset token is stored and its mail sent. */
const AFTER_ANSWER_MS = 20;

/** After the answer: a token and a mail for an address with an enabled account, nothing otherwise. */
async function sendResetMail(app: FastifyInstance, email: string, log: FastifyBaseLogger) {
  const user = await app.repos.users.findByEmail(email);
  // A disabled account gets no link: it could not sign in with the new password anyway.
  if (!user || user.disabledAt !== null) return;
  const token = newResetToken();
  const now = app.clock.now();
  await app.commit((tx) =>
    app.accounts.resetTokens.create(
      tx,
      user.id,
      tokenDigest(token),
      now + TOKEN_VALID_MINUTES * 60_000,
      now,
    ),
  );
  const link = resetLink(publicOrigin(app), token, user.email);
  app.mailer.send(resetMail(user.email, link, TOKEN_VALID_MINUTES)).then(
    (delivery) => {
      if (delivery.via === 'file') {
        // No SMTP configured: the developer opens the file. Never the link: its token signs in,
        // and logs are kept, shipped and read by more people than the mailbox.
        log.info({ file: delivery.file }, 'reset mail written to a file');
      } else {
        log.info({ userId: user.id }, 'reset mail sent');
      }
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ userId: user.id, reason }, 'reset mail could not be sent');
    },
  );
}

/**
 * Always the same answer, whether the address has an account or not, so nobody can probe for
 * accounts. The mail goes out after the answer: SMTP may take seconds, which would tell.
 */
export function forgotPasswordRoute(app: FastifyInstance) {
  app.post(
    accountPaths.forgotPassword,
    {
      preHandler: app.accounts.limits.mail,
      config: {
        docs: {
          summary:
            'Send a password reset link (the same answer whether the address has an account)',
          tags: ['accounts'],
          public: true,
          form: ForgotPasswordPayloadSchema,
          errors: [400, 429],
        },
      },
      schema: { response: { 200: MessageResponseSchema } },
    },
    async (request): Promise<MessageResponse> => {
      const t = messagesFor(request);
      const errors = new FieldErrors(t);
      const email = errors.email('email', field<ForgotPasswordPayload>(request, 'email'));
      errors.throwIfAny();

      // Answer first, then look the address up, store the token and send the mail: both paths
      // run the very same code before the answer, so its timing tells nothing (no probe for
      // accounts), and SMTP taking seconds would not show either. The work waits a moment, so
      // the answer has left (and the next request is not held up behind it) when it runs.
      const log = request.log;
      setTimeout(() => {
        sendResetMail(app, email, log).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          log.error({ reason }, 'reset token could not be stored');
        });
      }, AFTER_ANSWER_MS);
      return { message: t('resetSent') };
    },
  );
}
