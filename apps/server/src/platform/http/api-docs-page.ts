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
 * Swagger UI's dark styles apply to `html.dark-mode`, which only its top bar's toggle sets (and
 * the top bar fails axe: an unlabelled URL field, a logo without alt text). This follows the
 * system's scheme instead, as the app does (decision 82).
 */
const DARK_MODE_SCRIPT = `(() => {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const follow = () => document.documentElement.classList.toggle('dark-mode', query.matches);
  follow();
  query.addEventListener('change', follow);
})();
`;

/**
 * Small fixes over Swagger UI's styles for WCAG AA: contrast of the version stamps, the link,
 * the Authorize button and the light theme's method badges (white on light green or blue), and
 * code examples that grow instead of scrolling (a scrolling region must be reachable by keyboard).
 */
const THEME_CSS = `.swagger-ui .info .title small.version-stamp { background-color: #2f6b2f; }
.swagger-ui .info .title small:not(.version-stamp) { background-color: #5c636a; }
.swagger-ui .highlight-code > .microlight {
  max-height: none !important;
  overflow: visible !important;
  white-space: pre-wrap !important;
  word-break: break-word;
}
html:not(.dark-mode) .swagger-ui .info .url { color: #2a5db0; }
html:not(.dark-mode) .swagger-ui .btn.authorize { color: #1d7a4f; border-color: #1d7a4f; }
html:not(.dark-mode) .swagger-ui .btn.authorize svg { fill: #1d7a4f; }
html:not(.dark-mode) .swagger-ui .opblock-get .opblock-summary-method { background: #1f63b4; }
html:not(.dark-mode) .swagger-ui .opblock-post .opblock-summary-method { background: #1d7a4f; }
html:not(.dark-mode) .swagger-ui .opblock-patch .opblock-summary-method { background: #8a5a00; }
html:not(.dark-mode) .swagger-ui .opblock-delete .opblock-summary-method { background: #b42318; }
html:not(.dark-mode) .swagger-ui .parameter__in { color: #4d5359; }
html.dark-mode body { background: #1c2022; }
`;

/**
 * `GET /api/docs/`: the API description as Swagger UI (swagger-ui-dist, served from this server),
 * light or dark as the system is.
 */
export default fp(
  async (app) => {
    // Its own scope: Swagger UI's onSend hook (the policy above over the API's) stays on its routes.
    await app.register(async (docs) => {
      await docs.register(swaggerUi, {
        routePrefix: API_DOCS_PATH,
        staticCSP: API_DOCS_CONTENT_SECURITY_POLICY,
        // BaseLayout: no top bar. No deep links: each operation's header is one button with no
        // link nested inside it.
        uiConfig: { layout: 'BaseLayout', deepLinking: false, validatorUrl: null },
        theme: {
          title: 'Raumregler API',
          js: [{ filename: 'dark-mode.js', content: DARK_MODE_SCRIPT }],
          css: [{ filename: 'raumregler.css', content: THEME_CSS }],
        },
        logLevel: 'warn',
      });
    });
  },
  { name: 'api-docs-page', dependencies: ['openapi'] },
);
