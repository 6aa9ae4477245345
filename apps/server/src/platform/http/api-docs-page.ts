import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { API_DOCS_PATH } from './openapi.js';

/**
 * The docs page's own Content-Security-Policy: the API's `default-src 'none'` would stop its
 * scripts. Scripts from this server only (no 'unsafe-eval', no inline script), requests to this
 * server only ("Try it out"), never framed.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `GET /api/docs/`: the API description as Swagger UI (swagger-ui-dist, served from this server),
 * light or dark as the system is (its StandaloneLayout follows prefers-color-scheme).
 */
export default fp(
  async (app) => {
    // Its own scope: Swagger UI's onSend hook (the policy above over the API's) stays on its routes.
    await app.register(async (docs) => {
      await docs.register(swaggerUi, {
        routePrefix: API_DOCS_PATH,
        staticCSP: API_DOCS_CONTENT_SECURITY_POLICY,
        uiConfig: { deepLinking: true, tryItOutEnabled: false, validatorUrl: null },
        theme: { title: 'Raumregler API' },
        logLevel: 'warn',
      });
    });
  },
  { name: 'api-docs-page', dependencies: ['openapi'] },
);
