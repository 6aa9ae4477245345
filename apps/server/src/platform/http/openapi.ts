import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import { ApiErrorBodySchema } from '@raumregler/contract/schemas';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BASE } from './web-app.js';

/** Where the API description and its page live (both public: they hold no data). */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** A JSON schema (a TypeBox one, or a plain object). */
type JsonSchema = object;
type SchemaObject = Record<string, unknown>;

/**
 * What a route says about itself in the API description, beside its `schema` (decision 82).
 * Bodies and query strings are read by the domain parsers, not by Fastify's validation
 * (decision 27): they are described here, documentation only, and never validated.
 */
export interface RouteDocs {
  summary?: string;
  description?: string;
  /** Default: from the path (`device` for the device API, else its first segment after /api). */
  tags?: string[];
  /** The form fields the route reads (multipart or urlencoded); documentation only. */
  form?: JsonSchema;
  /** A JSON body the route reads (instead of form fields); documentation only. */
  json?: JsonSchema;
  /** The query parameters the route reads; documentation only. */
  query?: JsonSchema;
  /**
   * Answers as the description shows them, over the route's `schema.response`: one without a
   * serializer (a proxied answer, `heizprogramm/`), one in both modes (the schedule read), or
   * another media type (`{ description, content: { 'text/csv': { schema } } }`).
   */
  response?: Record<number, JsonSchema>;
  /** No sign-in (default: Basic, Bearer or, on writes, the form fields user/password). */
  public?: boolean;
  /** Error statuses besides the ones the rules below give every route. */
  errors?: number[];
  /** Left out of the description, with the reason (a catch-all refusal, a page). */
  hide?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
  interface FastifyInstance {
    /** The API description (OpenAPI 3.1), built once on first use. */
    openapiDocument: () => Record<string, unknown>;
    /** Every route registered after the platform (no HEAD), as the description saw it. */
    openapiRoutes: () => readonly {
      method: string;
      url: string;
      /** Its path in the description. */
      path: string;
      hidden: string | null;
    }[];
  }
}

/** A CSV answer as `config.docs.response` gives it. */
export const csvAnswer = (description: string) => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' } } },
});

/** An answer as JSON, or as CSV with `format=csv` or `Accept: text/csv`. */
export const jsonOrCsvAnswer = (schema: object, description: string) => ({
  description,
  content: {
    'application/json': { schema },
    'text/csv': { schema: { type: 'string' } },
  },
});

const ERROR_TEXTS: Record<number, string> = {
  400: 'Bad input: `validation_failed` with `messages` per field, or `bad_request`.',
  401: 'No or wrong credentials (`unauthorized`).',
  403: 'Signed in, but not allowed (`forbidden`): no such right, room outside the scope, or a token that may not do this.',
  404: 'No such room, member, alarm or house id (`not_found`).',
  409: 'The state does not allow it (`conflict`).',
  429: 'Too many failed sign-ins or mails from this client or for this account (`too_many_requests`); see Retry-After.',
  501: 'Not in proxy mode (`edited_at_device`): the device keeps it.',
  502: 'Proxy mode: the heating controller does not answer (`upstream_unavailable`).',
};

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

const SIGN_IN_FIELDS = {
  user: {
    type: 'string',
    description:
      'User name. Signs the write in, as on the device; or send Basic or a Bearer token.',
  },
  password: { type: 'string', description: 'The password of `user`.' },
};

const DESCRIPTION = `Raumregler's HTTP API: the Controme-compatible **device API** and **ours**.

**Paths.** The device API lives at the root (\`/get/json/v1/{houseId}/…\`, \`/set/json/v1/{houseId}/…\`)
for tools; the same routes also answer under \`/api\` (\`/api/get/json/v1/{houseId}/temps/\`), which the
web app uses. The same holds for the account calls at the root (\`/user\`, \`/register\`, \`/app-config\`
…). Each is described once, at the root. Every path answers with and without a trailing slash.

**Signing in**, three ways:
1. HTTP Basic (\`Authorization: Basic …\`) with a user name and password, on every request.
2. An access token (\`Authorization: Bearer rr_…\`, created at \`/api/tokens/\`) wherever Basic works,
   with the owner's rights limited to the token's access (\`read\` or \`write\`).
3. On writes, the form fields \`user\` and \`password\` in the body (multipart or urlencoded), as
   the device takes them. OpenAPI has no scheme for credentials in form fields: each write lists them in
   its body.

**Bodies.** Writes take form fields (\`multipart/form-data\` or \`application/x-www-form-urlencoded\`),
every value as text: a setpoint may be \`21.5\` or \`21,5\`. A missing or bad field is answered 400
\`validation_failed\` with \`messages\` per field.

**Errors** are JSON \`{error, message, messages?}\`: \`error\` a stable code, \`message\` a sentence.`;

/**
 * `/get/json/v1/1/temps` → `/get/json/v1/{houseId}/temps/`; `:roomId` → `{roomId}`; a route
 * registered as `/` under a prefix keeps its slash (`/api/audit/`).
 */
function documentedUrl(route: Pick<RouteOptions, 'url'>, houseId: number): string {
  let path = route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
  // Fastify's onRoute options carry the path as the plugin wrote it, without its prefix.
  const own = (route as { routePath?: string }).routePath;
  if ((own === '' || own?.endsWith('/')) && !path.endsWith('/')) path += '/';
  const device = new RegExp(`^/(get|set)/json/v1/(${houseId}|\\{houseId\\})(?=/|$)`);
  if (device.test(path)) {
    path = path.replace(device, '/$1/json/v1/{houseId}');
    if (!path.endsWith('/')) path += '/';
  }
  return path;
}

function tagOf(path: string): string {
  if (/^\/(get|set)\/json\//.test(path)) return 'device';
  const [first = ''] = path
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  return first.replace(/\.json$/, '') || 'api';
}

const PARAM_TEXTS: Record<string, string> = {
  houseId: "The device's house id (`house_id` of `info/`).",
  roomId: 'A room id (`id` of a room in `temps/`).',
  username: "A member's user name.",
  id: 'The id of the alarm, absence or token.',
};

function paramsSchema(path: string, houseId: number): SchemaObject | undefined {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  const properties: Record<string, SchemaObject> = {};
  for (const name of names) {
    const numeric = name === 'id' || name.endsWith('Id');
    properties[name] = {
      type: numeric ? 'integer' : 'string',
      ...(PARAM_TEXTS[name] ? { description: PARAM_TEXTS[name] } : {}),
      ...(name === 'houseId' ? { examples: [houseId] } : {}),
    };
  }
  return { type: 'object', properties, required: names };
}

const errorResponse = (status: number) => ({
  ...ApiErrorBodySchema,
  description: ERROR_TEXTS[status] ?? 'Refused.',
});

/** Why a route is left out of the description, or null when it is in it. */
function hiddenBecause(
  route: Pick<RouteOptions, 'url' | 'method' | 'config'>,
  method: string,
  known: Set<string>,
): string | null {
  const url = route.url;
  if (route.config?.docs?.hide) return route.config.docs.hide;
  if (url === OPENAPI_PATH || url.startsWith(`${API_DOCS_PATH}/`) || url === API_DOCS_PATH) {
    return 'the API description and its page';
  }
  if (url === '/' || url.startsWith(APP_BASE.replace(/\/$/, ''))) return 'the web app';
  if (url.startsWith('/api/')) {
    const twin = url.slice('/api'.length);
    if (known.has(`${method} ${twin}`)) return 'the same route at the root (described there)';
  }
  return null;
}

/**
 * The API description: @fastify/swagger collects every route registered after this plugin and
 * turns each route's `schema` and `config.docs` into OpenAPI 3.1, built once on first use.
 * `GET /api/openapi.json` serves it; the page is `api-docs-page.ts`.
 */
export default fp<{ houseId: number }>(
  async (app, { houseId }) => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const known = new Set<string>();
    const seen: { method: string; url: string; route: RouteOptions }[] = [];
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        known.add(`${method} ${route.url}`);
        seen.push({ method, url: route.url, route });
      }
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Raumregler API', version, description: DESCRIPTION },
        components: {
          securitySchemes: {
            basic: { type: 'http', scheme: 'basic', description: 'User name and password.' },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'rr_…',
              description:
                'An access token from `/api/tokens/`, with its owner’s rights, limited to its access.',
            },
          },
        },
        tags: [
          { name: 'device', description: 'The Controme-compatible device API (also under /api).' },
        ],
      },
      transform: ({ schema, url, route }) => {
        const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
        const docs = route.config?.docs ?? {};
        if (hiddenBecause(route, method, known)) return { schema: { hide: true }, url };
        const path = documentedUrl(route, houseId);
        const write = method !== 'GET';
        const signIn = !docs.public;
        const params = paramsSchema(path, houseId);
        const given = (docs.json ?? docs.form) as SchemaObject | undefined;
        const body: SchemaObject | undefined =
          given || (write && signIn)
            ? {
                ...(given ?? { type: 'object', properties: {} }),
                properties: {
                  ...((given?.properties as SchemaObject | undefined) ?? {}),
                  ...(write && signIn ? SIGN_IN_FIELDS : {}),
                },
              }
            : undefined;
        const errors = new Set(docs.errors ?? []);
        if (signIn) [401, 403, 429].forEach((status) => errors.add(status));
        if (params) errors.add(404);
        if (write || docs.query || params) errors.add(400);
        const response: Record<string, unknown> = {
          ...(schema?.response as Record<string, unknown> | undefined),
          ...docs.response,
        };
        for (const status of errors) response[status] ??= errorResponse(status);
        const documented = {
          summary: docs.summary,
          description: docs.description,
          tags: docs.tags ?? [tagOf(path)],
          operationId: `${method.toLowerCase()}${path
            .replace(/\{(\w+)\}/g, 'By-$1')
            .split(/[^A-Za-z0-9]+/)
            .filter(Boolean)
            .map((part) => part[0]!.toUpperCase() + part.slice(1))
            .join('')}`,
          ...(params ? { params } : {}),
          ...(docs.query ? { querystring: docs.query } : {}),
          ...(body ? { body, consumes: docs.json ? ['application/json'] : FORM_TYPES } : {}),
          response,
          security: signIn ? [{ basic: [] }, { bearer: [] }] : [],
        };
        return { schema: documented as unknown as typeof schema, url: path };
      },
    });

    app.decorate('openapiDocument', () => app.swagger() as unknown as Record<string, unknown>);
    app.decorate('openapiRoutes', () =>
      seen.map(({ method, url, route }) => ({
        method,
        url,
        path: documentedUrl(route, houseId),
        hidden: hiddenBecause(route, method, known),
      })),
    );

    // Public, and the same bytes for everyone: rendered once, on the first request.
    let rendered: string | null = null;
    app.get(
      OPENAPI_PATH,
      { config: { docs: { hide: 'the description itself' } } },
      (_request, reply) => {
        rendered ??= JSON.stringify(app.openapiDocument());
        return reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(rendered);
      },
    );
  },
  { name: 'openapi', dependencies: ['security-headers'] },
);
