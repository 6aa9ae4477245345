import { accountPaths, type User } from '@raumregler/contract';
import { UserSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from './body.js';
import { forgotPasswordRoute } from './forgot-password.js';
import { registerRoute } from './register.js';
import { resetPasswordRoute } from './reset-password.js';
import { toWireUser } from './user.js';
import type { UserRecord } from '../../db/repositories/users.js';

/** The accounts calls of device-api.md section 5. Needs the accounts-context plugin. */
const accountRoutes: FastifyPluginAsync = async (app) => {
  await acceptFormBodies(app);
  const userBodies = new WeakMap<UserRecord, string>();
  app.get(
    accountPaths.user,
    { preHandler: app.authenticate, schema: { response: { 200: UserSchema } } },
    // A plain handler, not an async one: a promise per request is measurable on small answers.
    // Serialized once per user record, as permissions/ (routes/get/index.ts) says why.
    (request, reply) => {
      const user = request.user!;
      let body = userBodies.get(user);
      if (body === undefined) {
        body = reply.serialize(toWireUser(user) satisfies User) as string;
        userBodies.set(user, body);
      }
      reply.type('application/json; charset=utf-8').send(body);
    },
  );
  registerRoute(app);
  forgotPasswordRoute(app);
  resetPasswordRoute(app);
};

export default accountRoutes;
