import { accountPaths, type User } from '@raumregler/contract';
import { UserSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from './body.js';
import { forgotPasswordRoute } from './forgot-password.js';
import { registerRoute } from './register.js';
import { resetPasswordRoute } from './reset-password.js';
import { toWireUser } from './user.js';
import { answerPerUser } from '../per-user-answer.js';

/** The accounts calls of device-api.md section 5. Needs the accounts-context plugin. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await acceptFormBodies(app);
  const user = answerPerUser((record) => toWireUser(record) satisfies User);
  app.get(
    accountPaths.user,
    {
      preHandler: app.authenticate,
      schema: { response: { 200: UserSchema } },
      compress: false,
      decompress: false,
    },
    user,
  );
  // The fast lane (plugins/fast-reads.ts): a poll whose sign-in is cached.
  app.fastReads.add(`${app.prefix}${accountPaths.user}`, (request, response) => {
    const record = app.signedIn(request.headers.authorization);
    return record !== null && user.sendRaw(response, record);
  });
  registerRoute(app);
  forgotPasswordRoute(app);
  resetPasswordRoute(app);
};

export default accountRoutes;
