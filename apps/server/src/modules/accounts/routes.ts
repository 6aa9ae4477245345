import { accountPaths, type User } from '@raumregler/contract';
import { UserSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from './body.js';
import { changePasswordRoute } from './change-password.js';
import { forgotPasswordRoute } from './forgot-password.js';
import { registerRoute } from './register.js';
import { resetPasswordRoute } from './reset-password.js';
import memberRoutes from './members/routes.js';
import { toWireUser } from './user.js';

/**
 * The accounts calls of device-api.md section 5, at `/` and `/api`; with `own`, also ours (only
 * under `/api`, like the audit log). Needs the accounts-context plugin.
 */
const accountRoutes: FastifyPluginAsync<{ own?: boolean }> = async (app, { own = false }) => {
  await acceptFormBodies(app);
  app.get(
    accountPaths.user,
    {
      preHandler: app.authenticate,
      config: { docs: { summary: 'The signed-in user', tags: ['accounts'] } },
      schema: { response: { 200: UserSchema } },
    },
    (request): User => toWireUser(request.user!, app.today()),
  );
  registerRoute(app);
  forgotPasswordRoute(app);
  resetPasswordRoute(app);
  if (own) {
    changePasswordRoute(app);
    await app.register(memberRoutes);
  }
};

export default accountRoutes;
