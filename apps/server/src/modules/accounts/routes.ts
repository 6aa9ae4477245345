import { accountPaths, type User } from '@raumregler/contract';
import { UserSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from './body.js';
import { forgotPasswordRoute } from './forgot-password.js';
import { registerRoute } from './register.js';
import { resetPasswordRoute } from './reset-password.js';
import { toWireUser } from './user.js';

/** The accounts calls of device-api.md section 5. Needs the accounts-context plugin. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await acceptFormBodies(app);
  app.get(
    accountPaths.user,
    { preHandler: app.authenticate, schema: { response: { 200: UserSchema } } },
    (request): User => toWireUser(request.user!),
  );
  registerRoute(app);
  forgotPasswordRoute(app);
  resetPasswordRoute(app);
};

export default accountRoutes;
