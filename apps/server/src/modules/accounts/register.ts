import { accountPaths, type RegisterPayload, type RegisterResponse } from '@raumregler/contract';
import { RegisterPayloadSchema, RegisterResponseSchema } from '@raumregler/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../platform/auth/passwords.js';
import { isUniqueViolation } from '../../platform/auth/users.js';
import { requestSource } from '../audit/index.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { field } from './body.js';
import { messagesFor } from './messages.js';
import { toWireUser } from './user.js';
import { FieldErrors } from './validation.js';

/**
 * Closed unless ALLOW_REGISTRATION=true. A new user has no access to any area until someone
 * with the CLI grants it: registering must not open a building's heating to strangers.
 */
export function registerRoute(app: FastifyInstance) {
  app.post(
    accountPaths.register,
    {
      preHandler: app.accounts.limits.mail,
      config: {
        docs: {
          summary: 'Register (when ALLOW_REGISTRATION=true; 403 registration_closed otherwise)',
          tags: ['accounts'],
          public: true,
          form: RegisterPayloadSchema,
          errors: [400, 403, 429],
        },
      },
      schema: { response: { 201: RegisterResponseSchema } },
    },
    async (request, reply): Promise<RegisterResponse> => {
      const t = messagesFor(request);
      if (!app.accounts.allowRegistration) {
        throw new HttpError(403, 'registration_closed', t('registrationClosed'));
      }
      const errors = new FieldErrors(t);
      const email = errors.email('email', field<RegisterPayload>(request, 'email'));
      const password = field<RegisterPayload>(request, 'password');
      errors.newPassword(password, field<RegisterPayload>(request, 'password_confirmation'));
      errors.throwIfAny();
      const users = app.accounts.usersOf(request.house);
      if ((await users.findByEmail(email)) || (await users.findByUsername(email))) {
        errors.add('email', 'emailTaken');
        errors.throwIfAny();
      }
      let id: number;
      try {
        // The new user and its audit entry commit together, durably before the answer.
        id = await app.accounts.changesOf(request.house).add(
          {
            username: email,
            email,
            passwordHash: await hashPassword(password!),
            firstName: '',
            lastName: '',
            accessSmart: 'no-access',
            accessPro: 'no-access',
          },
          { user: email, source: requestSource(request) },
        );
      } catch (error) {
        // Two registrations of one address at once: the database decides, the loser hears why.
        if (!isUniqueViolation(error)) throw error;
        errors.add('email', 'emailTaken');
        errors.throwIfAny();
        throw error;
      }
      reply.code(201);
      return { username: email, user: toWireUser((await users.findById(id))!) };
    },
  );
}
