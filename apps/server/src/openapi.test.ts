import { compileErrors, validate } from '@readme/openapi-parser';
import { sqliteSql } from './platform/database/sql.js';
import type { Floor } from '@raumregler/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_CONTENT_SECURITY_POLICY } from './platform/http/api-docs-page.js';
import { API_CONTENT_SECURITY_POLICY } from './platform/http/security-headers.js';
import Type from 'typebox';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { importSeed } from './modules/building/seed-import.js';
import { openDatabase } from './platform/database/open.js';
import {
  demoSeed,
  manualClock,
  startTestServer,
  type TestServer,
} from './test-support/test-server.js';
import { demo, writesTo } from './test-support/writes.js';
import { sqliteStore } from './platform/database/store.js';

// Issue 35: `GET /api/openapi.json` describes every route from the route itself (decision 82).

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  const response = await server.request('/api/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});
afterAll(() => server.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 description, public and the same bytes each time', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    // ~150 KB of JSON: compressed like every other answer (about 7 KB as brotli).
    const again = await server.request('/api/openapi.json', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(await again.text()).toBe(JSON.stringify(document));
    expect(again.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('describes the device API once, at the root with {houseId}, and ours under /api', () => {
    const paths = Object.keys(document.paths);
    for (const path of [
      '/get/json/v1/{houseId}/temps/',
      '/get/json/v1/{houseId}/temps/{roomId}/',
      '/get/json/v1/{houseId}/heizprogramm/',
      '/set/json/v1/{houseId}/ziel/{roomId}/',
      '/set/json/v1/{houseId}/soll/{roomId}/',
      '/api/members/{username}/',
      '/api/history/{roomId}',
      '/api/audit/',
      '/api/alarms/{id}/ack',
      '/api/absences/{id}/end',
      '/api/rooms/{roomId}/limits',
      '/app-config',
      '/user',
    ]) {
      expect(paths).toContain(path);
    }
    expect(
      paths.filter((path) => path.startsWith('/api/get/') || path.startsWith('/api/set/')),
    ).toEqual([]);
    expect(paths.filter((path) => /\/json\/v1\/1\/|:|\*/.test(path))).toEqual([]);
    expect(paths).not.toContain('/api/user');
  });

  it('documents form fields of writes (with user/password) without validating them', async () => {
    const ziel = document.paths['/set/json/v1/{houseId}/ziel/{roomId}/']!.post!;
    const form = ziel.requestBody!.content['application/x-www-form-urlencoded']!.schema;
    expect(Object.keys(form.properties as object)).toEqual(
      expect.arrayContaining(['ziel', 'duration', 'until', 'user', 'password']),
    );
    expect(Object.keys(ziel.requestBody!.content)).toEqual([
      'multipart/form-data',
      'application/x-www-form-urlencoded',
    ]);
    expect(ziel.security).toEqual([{ basic: [] }, { bearer: [] }]);
    expect(Object.keys(ziel.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '429']),
    );
    // Still the domain parser's answer, not a schema error: the field's own message.
    const { urlencoded } = writesTo(() => server);
    const response = await urlencoded('ziel/1/', { ziel: '21,5', duration: 'lange' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation_failed' });
    // Public calls carry no security.
    expect(document.paths['/app-config']!.get!.security).toEqual([]);
    expect(document.paths['/forgot-password']!.post!.security).toEqual([]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['basic', 'bearer']);
  });

  it('leaves out no route but the catch-alls, the /api twins, the web app and its own', () => {
    const allowed = [
      'a catch-all refusal',
      'the same route at the root (described there)',
      'the API description and its page',
      'the description itself',
    ];
    const routes = server.app.openapiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const undocumented = routes.filter(
      ({ hidden }) => hidden !== null && !allowed.includes(hidden),
    );
    expect(undocumented).toEqual([]);
    const documented = new Set(
      operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`),
    );
    const missing = routes
      .filter(({ hidden }) => hidden === null)
      .map(({ method, path }) => `${method} ${path}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('validates the real answer of every documented GET against its schema', async () => {
    // Something in each list: a temporary target (audit), an absence, an alarm, history.
    const { urlencoded } = writesTo(() => server);
    expect((await urlencoded('ziel/1/', { ziel: '22', duration: '60' })).status).toBe(200);
    const floors = (await (
      await server.request('/get/json/v1/1/temps/', { auth: demo })
    ).json()) as Floor[];
    const roomId = floors[0]!.raeume[0]!.id;
    const absence = new URLSearchParams({
      user: demo[0],
      password: demo[1],
      name: 'Ferien',
      from: '2026-12-20T10:00',
      to: '2026-12-27T10:00',
      target: '16',
      rooms: String(roomId),
    });
    const created = await server.request('/api/absences/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: absence.toString(),
    });
    expect(created.status).toBe(200);
    const reading = clock.now();
    clock.advance(40 * 60_000);
    await server.app
      .alarmsOf(server.app.houses.own())
      .evaluate(
        [{ roomId, mode: 'Heating', temperature: 18.2, target: 18, reportedAt: reading }],
        clock.now(),
      );

    const values: Record<string, string> = {
      houseId: String(server.app.config.houseId),
      roomId: String(roomId),
      username: 'verwalter',
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: (document as { components: object }).components });
    const gets = operations().filter(({ method }) => method === 'get');
    expect(gets.length).toBeGreaterThan(15);
    const checked: string[] = [];
    for (const { path, operation } of gets) {
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`${path}: no test value for {${name}}`);
        return value;
      });
      const auth = operation.security?.length ? demo : undefined;
      const response = await server.request(url, auth ? { auth } : {});
      expect(response.status, `GET ${url}`).toBe(200);
      const content = operation.responses['200']?.content;
      expect(content, `GET ${path} documents no answer`).toBeDefined();
      const type = response.headers.get('content-type') ?? '';
      const [media, { schema } = {}] =
        Object.entries(content!).find(([name]) => type.startsWith(name)) ?? [];
      expect(
        media,
        `GET ${path} answers ${type}, documented: ${Object.keys(content!)}`,
      ).toBeDefined();
      const body = media === 'application/json' ? await response.json() : await response.text();
      const rewritten = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
      ) as object;
      const valid = ajv.validate(rewritten, body);
      expect(valid ? null : ajv.errorsText(ajv.errors), `GET ${path}`).toBeNull();
      if (Array.isArray(body)) expect(body.length, `GET ${path}`).toBeGreaterThan(0);
      // A documented CSV variant answers CSV when asked for it.
      if (media === 'application/json' && content!['text/csv']) {
        const csv = await server.request(url, { auth: demo, headers: { accept: 'text/csv' } });
        expect(csv.status, `GET ${url} as CSV`).toBe(200);
        expect(csv.headers.get('content-type'), `GET ${url} as CSV`).toMatch(/^text\/csv/);
        expect((await csv.text()).split('\n').length).toBeGreaterThan(1);
      }
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/alarms/', '/api/audit/']));
    // The check has teeth: a list of floors with a room of the wrong shape is refused.
    const temps = document.paths['/get/json/v1/{houseId}/temps/']!.get!.responses['200']!;
    const wrong = [{ id: 1, etagenname: 'EG', raeume: [{ id: 'eins' }] }];
    expect(ajv.validate(temps.content!['application/json']!.schema as object, wrong)).toBe(false);
  });
});

describe('a route added later', () => {
  it('is described by itself, from its schema and config.docs', async () => {
    const config = { ...loadConfig({}), databaseFile: ':memory:', webDist: null, simSpeed: 0 };
    const db = openDatabase(':memory:');
    await importSeed(sqliteSql(db), demoSeed(), clock.now());
    const app = await buildApp({ config, store: sqliteStore(db), logger: false, now: clock.now });
    const answer = Type.Object({ tokens: Type.Array(Type.Object({ id: Type.Integer() })) });
    app.get('/api/later/', { schema: { response: { 200: answer } } }, () => ({ tokens: [] }));
    app.post(
      '/api/later/',
      { config: { docs: { form: Type.Object({ name: Type.String() }) } } },
      () => ({}),
    );
    app.get(
      '/later-metrics',
      {
        config: {
          docs: {
            response: {
              200: {
                description: 'Prometheus',
                content: { 'text/plain': { schema: { type: 'string' } } },
              },
            },
          },
        },
      },
      () => '',
    );
    await app.ready();
    try {
      const described = app.openapiDocument() as unknown as Document;
      const list = described.paths['/api/later/']!.get!;
      expect(list.responses['200']!.content!['application/json']!.schema).toMatchObject({
        properties: { tokens: { type: 'array' } },
      });
      expect(list.security).toEqual([{ basic: [] }, { bearer: [] }]);
      expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
      const create = described.paths['/api/later/']!.post!;
      const form = create.requestBody!.content['multipart/form-data']!.schema;
      expect(Object.keys(form.properties as object)).toEqual(['name', 'user', 'password']);
      expect(
        Object.keys(described.paths['/later-metrics']!.get!.responses['200']!.content!),
      ).toEqual(['text/plain']);
      const result = await validate(structuredClone(described) as never);
      expect(result.valid ? '' : compileErrors(result)).toBe('');
    } finally {
      await app.close();
    }
  });
});

describe('the description in proxy mode', () => {
  it('is the same document as over the simulated building', async () => {
    const proxy = await startTestServer({
      now: clock.now,
      config: { upstreamUrl: server.url, upstreamUser: 'demo', upstreamPassword: 'demo1234' },
    });
    try {
      const proxied = (await (await proxy.request('/api/openapi.json')).json()) as Document;
      expect(Object.keys(proxied.paths).sort()).toEqual(Object.keys(document.paths).sort());
      expect(proxied).toEqual(document);
    } finally {
      await proxy.close();
    }
  });
});

describe('GET /api/docs/', () => {
  it('is a page with its own policy: scripts from this server only, no eval', async () => {
    const response = await server.request('/api/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toBe(API_DOCS_CONTENT_SECURITY_POLICY);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    const html = await response.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
  });
});
