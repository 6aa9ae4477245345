import type { AppConfig } from '@raumregler/contract';
import { AppConfigSchema } from '@raumregler/contract/schemas';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { maySignIn } from '../../platform/auth/users.js';

type DemoLogin = NonNullable<AppConfig['demoLogin']>;

/**
 * The seeded demo sign-in, offered only while it works: its account exists (and is enabled)
 * and still has the seeded password. After `user password demo` the login page must not show a
 * pair that fails. The check is one scrypt per password hash (and seeded password), shared by
 * every request until the hash changes: not one per request of a public, unauthenticated page.
 */
export function demoLoginCheck(app: FastifyInstance) {
  let last: { hash: string; password: string; works: Promise<boolean> } | null = null;
  return async (login: DemoLogin): Promise<DemoLogin | null> => {
    const user = await app.repos.users.findByUsername(login.username);
    if (!maySignIn(user)) return null;
    if (!last || last.hash !== user.passwordHash || last.password !== login.password) {
      last = {
        hash: user.passwordHash,
        password: login.password,
        works: verifyPassword(login.password, user.passwordHash).catch(() => false),
      };
    }
    return (await last.works) ? login : null;
  };
}

/**
 * Public facts the app needs before sign-in; the demo login only when the seed names one, the
 * building is simulated and the pair still signs in (`demoLogin`, one check for both mounts).
 */
const appConfigRoute: FastifyPluginAsync<{ demoLogin: ReturnType<typeof demoLoginCheck> }> = async (
  app,
  { demoLogin },
) => {
  app.get(
    '/app-config',
    {
      config: {
        docs: { summary: 'What the app needs before sign-in', tags: ['accounts'], public: true },
      },
      schema: { response: { 200: AppConfigSchema } },
    },
    async (request): Promise<AppConfig> => {
      const settings = app.repos.settings;
      // The building's own kind (issue 37): simulated, in front of a Controme server, or MQTT.
      const deviceMode = app.deviceOf(request.house).kind;
      // Never in proxy mode: a real building behind, and a database that ran the demo before.
      const demo =
        app.config.upstreamUrl || deviceMode === 'proxy' ? null : await settings.get('demo_login');
      return {
        // The building the app is opened for (its host label, or the server's own).
        buildingName: request.house.name,
        houseId: request.house.id,
        demoLogin: demo ? await demoLogin(JSON.parse(demo) as DemoLogin) : null,
        deviceUrlTemplate: app.config.deviceUrlTemplate,
        registrationOpen: app.config.allowRegistration,
        deviceMode,
      };
    },
  );
};

export default appConfigRoute;
