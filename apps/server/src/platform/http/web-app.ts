import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const APP_BASE = '/re/home/';

/**
 * Serves the built single-page app under /re/home/ with a history fallback: any path below the
 * base that is not a file gets index.html, so deep links and reloads work.
 */
export default fp<{ root: string }>(
  async (app, { root }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: run `npm run build`; serving the API only');
      return;
    }
    // Its own scope, so that the app's Content-Security-Policy replaces the API's strict one on
    // the app's pages and assets only (this hook runs after the global security headers').
    await app.register(async (pages) => {
      const policy = app.appContentSecurityPolicy;
      pages.addHook('onSend', (_request, reply, payload, done) => {
        reply.header('content-security-policy', policy);
        done(null, payload);
      });
      await appPages(pages, root);
    });
  },
  { name: 'web-app', dependencies: ['security-headers'] },
);

/** The app's files, and index.html for every other path below the base. */
async function appPages(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: APP_BASE,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of the assets (apps/web/vite.config.ts): sent as they
    // are to clients that accept them, so @fastify/compress leaves them alone.
    preCompressed: true,
    // Our own Cache-Control below; without this, send overwrites it with max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every asset name: they never change, so cache them for a year.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same address answers br, gzip or plain by Accept-Encoding: caches must key on it.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const sendIndex = (
    _request: unknown,
    reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown },
  ) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', (_request, reply) => reply.redirect(APP_BASE));
  app.get(APP_BASE, sendIndex);
  app.get(`${APP_BASE}*`, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    if (relative && existsSync(path.join(root, relative)) && !relative.includes('..')) {
      return reply.sendFile(relative);
    }
    if (relative.startsWith('assets/')) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return sendIndex(request, reply);
  });
}
